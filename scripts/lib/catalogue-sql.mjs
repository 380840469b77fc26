// The SQL that gives a measuring script a catalogue of its own on top of the
// demo data (`startLocalWorker`'s `extraSql`): one product with `count`
// variants coded `<PRODUCT>_<n>` (n zero-padded to `digits`), each named and
// priced in `channels`, optionally in a channel without pricing rules of its
// own, and a payment method of US_WEB for the checkout. Idempotent (INSERT OR
// IGNORE), so a database prepared twice holds it once.

/** A channel like the demo's (USD, en_US) with no promotion, tax or shipping method. */
const plainChannelSql = (code, name) => `
INSERT OR IGNORE INTO channels (code, name, enabled, base_currency_id, default_locale_id)
  SELECT '${code}', '${name}', 1, c.id, l.id FROM currencies c, locales l WHERE c.code = 'USD' AND l.code = 'en_US';
INSERT OR IGNORE INTO channel_locales (channel_id, locale_id) SELECT ch.id, l.id FROM channels ch, locales l WHERE ch.code = '${code}' AND l.code = 'en_US';`;

/**
 * `product`: the product's code (its variants' prefix); `name` and `slug`
 * (by default the code in lower case): its translation's;
 * `prices`: the SQL price of variant `v` (e.g. `1000 + v.id`); `channels`:
 * the channel codes they are priced in; `plainChannel`: `{ code, name }` of a
 * channel to create first; `categorized`: variants in the demo's tax and
 * shipping categories; `variantName`: the prefix of each variant's name
 * (its code follows); `listedIn`: a channel the product is listed in.
 */
export function catalogueSql({ product, name, slug = product.toLowerCase(), count, digits, prices, channels, plainChannel, categorized = true, variantName = "", listedIn }) {
  const inChannels = channels.map((code) => `'${code}'`).join(", ");
  const variants = categorized
    ? `INSERT OR IGNORE INTO product_variants (product_id, code, position, tax_category_id, shipping_category_id)
  SELECT p.id, printf('${product}_%0${digits}d', n), n, t.id, s.id FROM seq, products p, tax_categories t, shipping_categories s
  WHERE p.code = '${product}' AND t.code = 'other' AND s.code = 'default';`
    : `INSERT OR IGNORE INTO product_variants (product_id, code, position) SELECT p.id, printf('${product}_%0${digits}d', n), n FROM seq, products p WHERE p.code = '${product}';`;
  return `${plainChannel ? plainChannelSql(plainChannel.code, plainChannel.name) : ""}
INSERT OR IGNORE INTO products (code) VALUES ('${product}');
INSERT OR IGNORE INTO product_translations (product_id, locale, name, slug) SELECT id, 'en_US', '${name}', '${slug}' FROM products WHERE code = '${product}';
${listedIn ? `INSERT OR IGNORE INTO product_channels (product_id, channel_id) SELECT p.id, c.id FROM products p, channels c WHERE p.code = '${product}' AND c.code = '${listedIn}';` : ""}
WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count - 1})
${variants}
INSERT OR IGNORE INTO product_variant_translations (variant_id, locale, name)
  SELECT id, 'en_US', '${variantName}' || code FROM product_variants WHERE code LIKE '${product}_%';
INSERT OR IGNORE INTO channel_pricings (variant_id, channel_code, price)
  SELECT v.id, ch.code, ${prices} FROM product_variants v, channels ch WHERE v.code LIKE '${product}_%' AND ch.code IN (${inChannels});
`;
}

/** The code of variant `i` of `catalogueSql`'s product (wrapping at `count`). */
export const variantCode = ({ product, count, digits }) => (i) => `${product}_${String(i % count).padStart(digits, "0")}`;

/**
 * What the checkout needs should the demo data not have it: the country of
 * the US zone, and a payment method `code` (named `name`) of US_WEB.
 */
export const checkoutNeedsSql = (code, name) => `
INSERT OR IGNORE INTO countries (code, enabled) VALUES ('US', 1);
INSERT OR IGNORE INTO payment_methods (code, position, enabled) VALUES ('${code}', 0, 1);
INSERT OR IGNORE INTO payment_method_translations (method_id, locale, name) SELECT id, 'en_US', '${name}' FROM payment_methods WHERE code = '${code}';
INSERT OR IGNORE INTO payment_method_channels (method_id, channel_id) SELECT m.id, c.id FROM payment_methods m, channels c WHERE m.code = '${code}' AND c.code = 'US_WEB';
`;
