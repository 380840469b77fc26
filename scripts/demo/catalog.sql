-- Demo catalogue: enough to try every example of the README and docs/api/ with
-- curl right after `npm start`. Every statement is idempotent (INSERT OR IGNORE
-- on unique keys, or guarded by NOT EXISTS), so loading it twice changes nothing.

INSERT OR IGNORE INTO locales (code) VALUES ('en_US'), ('de_DE'), ('pl_PL');
INSERT OR IGNORE INTO currencies (code) VALUES ('USD'), ('EUR');

INSERT OR IGNORE INTO zones (code, name, type) VALUES ('US', 'United States of America', 'country');
INSERT OR IGNORE INTO zones (code, name, type) VALUES ('EU', 'European Union', 'country');
INSERT OR IGNORE INTO zone_members (zone_id, code) SELECT id, 'US' FROM zones WHERE code = 'US';
INSERT OR IGNORE INTO zone_members (zone_id, code) SELECT z.id, m.code FROM zones z,
  (SELECT 'DE' AS code UNION ALL SELECT 'PL' UNION ALL SELECT 'FR') m WHERE z.code = 'EU';

INSERT OR IGNORE INTO channels (code, name, enabled, base_currency_id, default_locale_id, default_tax_zone_id, tax_calculation_strategy)
  SELECT 'US_WEB', 'US Web Store', 1, c.id, l.id, z.id, 'order_items_based'
  FROM currencies c, locales l, zones z WHERE c.code = 'USD' AND l.code = 'en_US' AND z.code = 'US';
INSERT OR IGNORE INTO channels (code, name, enabled, base_currency_id, default_locale_id, default_tax_zone_id, tax_calculation_strategy)
  SELECT 'EU_WEB', 'EU Web Store', 1, c.id, l.id, z.id, 'order_item_units_based'
  FROM currencies c, locales l, zones z WHERE c.code = 'EUR' AND l.code = 'de_DE' AND z.code = 'EU';
INSERT OR IGNORE INTO channel_locales (channel_id, locale_id) SELECT c.id, l.id FROM channels c, locales l
  WHERE c.code = 'US_WEB' AND l.code = 'en_US';
INSERT OR IGNORE INTO channel_locales (channel_id, locale_id) SELECT c.id, l.id FROM channels c, locales l
  WHERE c.code = 'EU_WEB' AND l.code IN ('de_DE', 'pl_PL', 'en_US');
INSERT OR IGNORE INTO channel_currencies (channel_id, currency_id) SELECT ch.id, cu.id FROM channels ch, currencies cu
  WHERE ch.code = 'US_WEB' AND cu.code = 'USD';
INSERT OR IGNORE INTO channel_currencies (channel_id, currency_id) SELECT ch.id, cu.id FROM channels ch, currencies cu
  WHERE ch.code = 'EU_WEB' AND cu.code = 'EUR';

INSERT OR IGNORE INTO tax_categories (code, name, description) VALUES
  ('other', 'Other', 'Goods taxed at the standard rate'),
  ('books', 'Books', 'Printed books, reduced rate');
INSERT OR IGNORE INTO tax_rates (code, name, amount, included_in_price, calculator, category_id, zone_id)
  SELECT 'US_SALES_TAX', 'US sales tax', '0.08', 0, 'default', c.id, z.id FROM tax_categories c, zones z
  WHERE c.code = 'other' AND z.code = 'US';
INSERT OR IGNORE INTO tax_rates (code, name, amount, included_in_price, calculator, category_id, zone_id)
  SELECT 'EU_VAT', 'VAT', '0.23', 1, 'default', c.id, z.id FROM tax_categories c, zones z
  WHERE c.code = 'other' AND z.code = 'EU';

INSERT OR IGNORE INTO shipping_categories (code, name, description) VALUES
  ('default', 'Default', 'Parcels of regular size'),
  ('oversized', 'Oversized', 'Parcels that need a freight carrier');
INSERT OR IGNORE INTO shipping_methods (code, position, enabled, zone_id, calculator, configuration, category_id, category_requirement, tax_category_id)
  SELECT 'UPS', 0, 1, z.id, 'flat_rate', '{"US_WEB":{"amount":1000}}', NULL, 'match_any', t.id
  FROM zones z, tax_categories t WHERE z.code = 'US' AND t.code = 'other';
INSERT OR IGNORE INTO shipping_methods (code, position, enabled, zone_id, calculator, configuration, category_id, category_requirement, tax_category_id)
  SELECT 'DHL_EXPRESS', 1, 1, z.id, 'per_unit_rate', '{"US_WEB":{"amount":350}}', NULL, 'match_any', NULL
  FROM zones z WHERE z.code = 'US';
INSERT OR IGNORE INTO shipping_methods (code, position, enabled, zone_id, calculator, configuration, category_id, category_requirement, tax_category_id)
  SELECT 'DPD', 0, 1, z.id, 'flat_rate', '{"EU_WEB":{"amount":790}}', NULL, 'match_any', NULL
  FROM zones z WHERE z.code = 'EU';
INSERT OR IGNORE INTO shipping_method_translations (method_id, locale, name)
  SELECT id, 'en_US', CASE code WHEN 'UPS' THEN 'UPS' WHEN 'DHL_EXPRESS' THEN 'DHL Express' ELSE 'DPD' END
  FROM shipping_methods WHERE code IN ('UPS', 'DHL_EXPRESS', 'DPD');
INSERT OR IGNORE INTO shipping_method_channels (method_id, channel_id) SELECT m.id, c.id FROM shipping_methods m, channels c
  WHERE (m.code IN ('UPS', 'DHL_EXPRESS') AND c.code = 'US_WEB') OR (m.code = 'DPD' AND c.code = 'EU_WEB');

INSERT OR IGNORE INTO product_options (code, position) VALUES ('mug_type', 0), ('t_shirt_size', 1);
INSERT OR IGNORE INTO product_option_translations (option_id, locale, name)
  SELECT id, 'en_US', CASE code WHEN 'mug_type' THEN 'Mug type' ELSE 'T-shirt size' END FROM product_options
  WHERE code IN ('mug_type', 't_shirt_size');
INSERT OR IGNORE INTO product_option_values (option_id, code)
  SELECT o.id, v.code FROM product_options o, (SELECT 'mug_type_medium' AS code UNION ALL SELECT 'mug_type_double'
  UNION ALL SELECT 'mug_type_monster') v WHERE o.code = 'mug_type';
INSERT OR IGNORE INTO product_option_values (option_id, code)
  SELECT o.id, v.code FROM product_options o, (SELECT 't_shirt_size_s' AS code UNION ALL SELECT 't_shirt_size_m'
  UNION ALL SELECT 't_shirt_size_l') v WHERE o.code = 't_shirt_size';
INSERT OR IGNORE INTO product_option_value_translations (value_id, locale, value)
  SELECT id, 'en_US', CASE code
    WHEN 'mug_type_medium' THEN 'Medium mug' WHEN 'mug_type_double' THEN 'Double mug'
    WHEN 'mug_type_monster' THEN 'Monster mug' WHEN 't_shirt_size_s' THEN 'S'
    WHEN 't_shirt_size_m' THEN 'M' ELSE 'L' END
  FROM product_option_values WHERE option_id IN (SELECT id FROM product_options WHERE code IN ('mug_type', 't_shirt_size'));

INSERT OR IGNORE INTO products (code, enabled) VALUES ('MUG_TH', 1), ('T_SHIRT_ORGANIC', 1);
INSERT OR IGNORE INTO product_translations (product_id, locale, name, slug, description)
  SELECT id, 'en_US', 'Theme mug', 'theme-mug', 'A ceramic mug with the shop''s theme.' FROM products WHERE code = 'MUG_TH';
INSERT OR IGNORE INTO product_translations (product_id, locale, name, slug, description)
  SELECT id, 'en_US', 'Organic cotton T-shirt', 'organic-cotton-t-shirt', 'Soft, fair-trade organic cotton.' FROM products WHERE code = 'T_SHIRT_ORGANIC';
INSERT OR IGNORE INTO product_option_assignments (product_id, option_id, position)
  SELECT p.id, o.id, 0 FROM products p, product_options o
  WHERE (p.code = 'MUG_TH' AND o.code = 'mug_type') OR (p.code = 'T_SHIRT_ORGANIC' AND o.code = 't_shirt_size');
INSERT OR IGNORE INTO product_channels (product_id, channel_id) SELECT p.id, c.id FROM products p, channels c
  WHERE p.code IN ('MUG_TH', 'T_SHIRT_ORGANIC') AND c.code IN ('US_WEB', 'EU_WEB');

INSERT OR IGNORE INTO product_variants (product_id, code, position, tracked, on_hand, width, height, depth, weight, tax_category_id, shipping_category_id)
  SELECT p.id, v.code, v.position, v.tracked, v.on_hand, 8.5, 9.5, 8.5, 0.35, t.id, s.id
  FROM products p, tax_categories t, shipping_categories s,
    (SELECT 'MUG_TH_MEDIUM' AS code, 0 AS position, 0 AS tracked, 0 AS on_hand
     UNION ALL SELECT 'MUG_TH_DOUBLE', 1, 1, 50
     UNION ALL SELECT 'MUG_TH_MONSTER', 2, 1, 5) v
  WHERE p.code = 'MUG_TH' AND t.code = 'other' AND s.code = 'default';
INSERT OR IGNORE INTO product_variants (product_id, code, position, tracked, on_hand, tax_category_id, shipping_category_id)
  SELECT p.id, v.code, v.position, 1, 100, t.id, s.id
  FROM products p, tax_categories t, shipping_categories s,
    (SELECT 'T_SHIRT_ORGANIC_S' AS code, 0 AS position UNION ALL SELECT 'T_SHIRT_ORGANIC_M', 1
     UNION ALL SELECT 'T_SHIRT_ORGANIC_L', 2) v
  WHERE p.code = 'T_SHIRT_ORGANIC' AND t.code = 'other' AND s.code = 'default';
INSERT OR IGNORE INTO product_variant_translations (variant_id, locale, name)
  SELECT id, 'en_US', CASE code
    WHEN 'MUG_TH_MEDIUM' THEN 'Medium theme mug' WHEN 'MUG_TH_DOUBLE' THEN 'Double theme mug'
    WHEN 'MUG_TH_MONSTER' THEN 'Monster theme mug' WHEN 'T_SHIRT_ORGANIC_S' THEN 'Organic T-shirt, S'
    WHEN 'T_SHIRT_ORGANIC_M' THEN 'Organic T-shirt, M' ELSE 'Organic T-shirt, L' END
  FROM product_variants WHERE code IN ('MUG_TH_MEDIUM', 'MUG_TH_DOUBLE', 'MUG_TH_MONSTER',
    'T_SHIRT_ORGANIC_S', 'T_SHIRT_ORGANIC_M', 'T_SHIRT_ORGANIC_L');
INSERT OR IGNORE INTO product_variant_option_values (variant_id, option_value_id)
  SELECT v.id, o.id FROM product_variants v JOIN product_option_values o ON o.code = CASE v.code
    WHEN 'MUG_TH_MEDIUM' THEN 'mug_type_medium' WHEN 'MUG_TH_DOUBLE' THEN 'mug_type_double'
    WHEN 'MUG_TH_MONSTER' THEN 'mug_type_monster' WHEN 'T_SHIRT_ORGANIC_S' THEN 't_shirt_size_s'
    WHEN 'T_SHIRT_ORGANIC_M' THEN 't_shirt_size_m' WHEN 'T_SHIRT_ORGANIC_L' THEN 't_shirt_size_l' END;
INSERT OR IGNORE INTO channel_pricings (variant_id, channel_code, price)
  SELECT v.id, p.column2, p.column3 FROM product_variants v JOIN (VALUES
    ('MUG_TH_MEDIUM', 'US_WEB', 1299), ('MUG_TH_DOUBLE', 'US_WEB', 1599), ('MUG_TH_MONSTER', 'US_WEB', 1999),
    ('MUG_TH_MEDIUM', 'EU_WEB', 1190), ('MUG_TH_DOUBLE', 'EU_WEB', 1490), ('MUG_TH_MONSTER', 'EU_WEB', 1890),
    ('T_SHIRT_ORGANIC_S', 'US_WEB', 2499), ('T_SHIRT_ORGANIC_M', 'US_WEB', 2499), ('T_SHIRT_ORGANIC_L', 'US_WEB', 2699)
  ) p ON p.column1 = v.code;

INSERT OR IGNORE INTO customers (email, email_canonical, first_name, last_name) VALUES
  ('shop@example.com', 'shop@example.com', 'John', 'Doe'),
  ('guest@example.com', 'guest@example.com', 'Jane', 'Roe');

INSERT OR IGNORE INTO promotions (code, name, description, priority, exclusive, usage_limit, starts_at, ends_at)
  VALUES ('holiday_sale', 'Holiday sale', '10% off orders of $50 or more', 1, 0, NULL, NULL, NULL);
INSERT OR IGNORE INTO promotion_channels (promotion_id, channel_id) SELECT p.id, c.id FROM promotions p, channels c
  WHERE p.code = 'holiday_sale' AND c.code = 'US_WEB';
INSERT INTO promotion_rules (promotion_id, type, configuration)
  SELECT id, 'item_total', '{"US_WEB":{"amount":5000}}' FROM promotions
  WHERE code = 'holiday_sale' AND NOT EXISTS (SELECT 1 FROM promotion_rules r WHERE r.promotion_id = promotions.id);
INSERT INTO promotion_actions (promotion_id, type, configuration)
  SELECT id, 'order_percentage_discount', '{"percentage":0.1}' FROM promotions
  WHERE code = 'holiday_sale' AND NOT EXISTS (SELECT 1 FROM promotion_actions a WHERE a.promotion_id = promotions.id);

-- Countries: those of the demo zones (US; DE, PL, FR in EU), so an address in a demo country finds its zone.
INSERT OR IGNORE INTO countries (code, enabled) VALUES ('US', 1), ('DE', 1), ('PL', 1), ('FR', 1);

-- Payment methods (offline), offered by every demo channel: cash on delivery first (the default), then bank transfer.
INSERT OR IGNORE INTO payment_methods (code, position, enabled) VALUES ('cash_on_delivery', 0, 1), ('bank_transfer', 1, 1);
INSERT OR IGNORE INTO payment_method_translations (method_id, locale, name, description)
  SELECT id, 'en_US',
    CASE code WHEN 'cash_on_delivery' THEN 'Cash on delivery' ELSE 'Bank transfer' END,
    CASE code WHEN 'cash_on_delivery' THEN 'Pay the courier when the parcel arrives.'
      ELSE 'Transfer the order total to our bank account; we ship once it is received.' END
  FROM payment_methods WHERE code IN ('cash_on_delivery', 'bank_transfer');
INSERT OR IGNORE INTO payment_method_channels (method_id, channel_id) SELECT m.id, c.id FROM payment_methods m, channels c
  WHERE m.code IN ('cash_on_delivery', 'bank_transfer') AND c.code IN ('US_WEB', 'EU_WEB');

-- A coupon-based promotion: 10% off the order with the coupon HOLIDAY10.
INSERT OR IGNORE INTO promotions (code, name, description, priority, exclusive, usage_limit, coupon_based, starts_at, ends_at)
  VALUES ('holiday_coupon', 'Holiday promotion', '10% off the order with a coupon', 0, 0, NULL, 1, NULL, NULL);
INSERT OR IGNORE INTO promotion_channels (promotion_id, channel_id) SELECT p.id, c.id FROM promotions p, channels c
  WHERE p.code = 'holiday_coupon' AND c.code IN ('US_WEB', 'EU_WEB');
INSERT INTO promotion_actions (promotion_id, type, configuration)
  SELECT id, 'order_percentage_discount', '{"percentage":0.1}' FROM promotions
  WHERE code = 'holiday_coupon' AND NOT EXISTS (SELECT 1 FROM promotion_actions a WHERE a.promotion_id = promotions.id);
INSERT OR IGNORE INTO promotion_coupons (promotion_id, code) SELECT id, 'HOLIDAY10' FROM promotions WHERE code = 'holiday_coupon';
