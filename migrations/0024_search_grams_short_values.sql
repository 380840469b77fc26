-- Values of one and two characters (`criteria[email]=ab`) read postings too.
-- Each indexed text now also has the postings of its last two positions: the
-- text's last two characters and its last one (`substr` past the end gives
-- the shorter piece), and a text of one or two characters its own pieces. A
-- value n of one or two characters occurs in a text exactly when a posting of
-- the text starts with n (the piece at n's position is n followed by up to two
-- more characters), so its filter reads the postings in the range
-- [n, n || U+10FFFF) (src/data/list-page.ts): its matches, never the rest.
-- Three-character pieces are unchanged, and a value of three or more
-- characters still reads the postings of its rarest trigram (the shorter
-- pieces never equal a trigram). The triggers are those of migration 0022
-- with positions up to the text's length instead of its length - 2.
DROP TRIGGER search_grams_customers_email_canonical_insert;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_email_canonical_insert AFTER INSERT ON customers BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 1, substr(lower(NEW.email_canonical), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.email_canonical))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 1 AND g.gram = substr(lower(NEW.email_canonical), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_customers_email_canonical_update;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_email_canonical_update AFTER UPDATE OF email_canonical, id ON customers
WHEN OLD.email_canonical IS NOT NEW.email_canonical OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 1 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.email_canonical), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.email_canonical)))
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.email_canonical), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.email_canonical))));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 1, substr(lower(NEW.email_canonical), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.email_canonical))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 1 AND g.gram = substr(lower(NEW.email_canonical), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_customers_email_canonical_delete;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_email_canonical_delete AFTER DELETE ON customers BEGIN
  DELETE FROM search_grams WHERE scope = 1 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.email_canonical), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.email_canonical)));
END;
--> statement-breakpoint
DROP TRIGGER search_grams_customers_first_name_insert;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_first_name_insert AFTER INSERT ON customers BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 2, substr(lower(NEW.first_name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.first_name))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 2 AND g.gram = substr(lower(NEW.first_name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_customers_first_name_update;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_first_name_update AFTER UPDATE OF first_name, id ON customers
WHEN OLD.first_name IS NOT NEW.first_name OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 2 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.first_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.first_name)))
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.first_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.first_name))));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 2, substr(lower(NEW.first_name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.first_name))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 2 AND g.gram = substr(lower(NEW.first_name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_customers_first_name_delete;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_first_name_delete AFTER DELETE ON customers BEGIN
  DELETE FROM search_grams WHERE scope = 2 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.first_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.first_name)));
END;
--> statement-breakpoint
DROP TRIGGER search_grams_customers_last_name_insert;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_last_name_insert AFTER INSERT ON customers BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 3, substr(lower(NEW.last_name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.last_name))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 3 AND g.gram = substr(lower(NEW.last_name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_customers_last_name_update;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_last_name_update AFTER UPDATE OF last_name, id ON customers
WHEN OLD.last_name IS NOT NEW.last_name OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 3 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.last_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.last_name)))
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.last_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.last_name))));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 3, substr(lower(NEW.last_name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.last_name))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 3 AND g.gram = substr(lower(NEW.last_name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_customers_last_name_delete;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_last_name_delete AFTER DELETE ON customers BEGIN
  DELETE FROM search_grams WHERE scope = 3 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.last_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.last_name)));
END;
--> statement-breakpoint
DROP TRIGGER search_grams_products_code_insert;
--> statement-breakpoint
CREATE TRIGGER search_grams_products_code_insert AFTER INSERT ON products BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 4, substr(lower(NEW.code), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.code))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 4 AND g.gram = substr(lower(NEW.code), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_products_code_update;
--> statement-breakpoint
CREATE TRIGGER search_grams_products_code_update AFTER UPDATE OF code, id ON products
WHEN OLD.code IS NOT NEW.code OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 4 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.code)))
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.code))));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 4, substr(lower(NEW.code), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.code))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 4 AND g.gram = substr(lower(NEW.code), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_products_code_delete;
--> statement-breakpoint
CREATE TRIGGER search_grams_products_code_delete AFTER DELETE ON products BEGIN
  DELETE FROM search_grams WHERE scope = 4 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.code)));
END;
--> statement-breakpoint
DROP TRIGGER search_grams_product_translations_name_insert;
--> statement-breakpoint
CREATE TRIGGER search_grams_product_translations_name_insert AFTER INSERT ON product_translations BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 5, substr(lower(NEW.name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.name))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 5 AND g.gram = substr(lower(NEW.name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_product_translations_name_update;
--> statement-breakpoint
CREATE TRIGGER search_grams_product_translations_name_update AFTER UPDATE OF name, id ON product_translations
WHEN OLD.name IS NOT NEW.name OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 5 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.name)))
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.name))));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 5, substr(lower(NEW.name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.name))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 5 AND g.gram = substr(lower(NEW.name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_product_translations_name_delete;
--> statement-breakpoint
CREATE TRIGGER search_grams_product_translations_name_delete AFTER DELETE ON product_translations BEGIN
  DELETE FROM search_grams WHERE scope = 5 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.name)));
END;
--> statement-breakpoint
DROP TRIGGER search_grams_taxons_code_insert;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxons_code_insert AFTER INSERT ON taxons BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 6, substr(lower(NEW.code), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.code))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 6 AND g.gram = substr(lower(NEW.code), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_taxons_code_update;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxons_code_update AFTER UPDATE OF code, id ON taxons
WHEN OLD.code IS NOT NEW.code OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 6 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.code)))
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.code))));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 6, substr(lower(NEW.code), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.code))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 6 AND g.gram = substr(lower(NEW.code), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_taxons_code_delete;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxons_code_delete AFTER DELETE ON taxons BEGIN
  DELETE FROM search_grams WHERE scope = 6 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.code)));
END;
--> statement-breakpoint
DROP TRIGGER search_grams_taxon_translations_name_insert;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxon_translations_name_insert AFTER INSERT ON taxon_translations BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 7, substr(lower(NEW.name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.name))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 7 AND g.gram = substr(lower(NEW.name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_taxon_translations_name_update;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxon_translations_name_update AFTER UPDATE OF name, id ON taxon_translations
WHEN OLD.name IS NOT NEW.name OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 7 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.name)))
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.name))));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 7, substr(lower(NEW.name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.name))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 7 AND g.gram = substr(lower(NEW.name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER search_grams_taxon_translations_name_delete;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxon_translations_name_delete AFTER DELETE ON taxon_translations BEGIN
  DELETE FROM search_grams WHERE scope = 7 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.name)));
END;
--> statement-breakpoint
-- The new pieces of the texts already stored (positions past length - 2).
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 1, substr(lower(t.email_canonical), p.i, 3), t.id FROM customers t JOIN search_gram_positions p
    ON p.i <= length(lower(t.email_canonical)) AND p.i > length(lower(t.email_canonical)) - 2
  WHERE NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 1 AND g.gram = substr(lower(t.email_canonical), p.i, 3) AND g.owner = t.id);
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 2, substr(lower(t.first_name), p.i, 3), t.id FROM customers t JOIN search_gram_positions p
    ON p.i <= length(lower(t.first_name)) AND p.i > length(lower(t.first_name)) - 2
  WHERE NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 2 AND g.gram = substr(lower(t.first_name), p.i, 3) AND g.owner = t.id);
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 3, substr(lower(t.last_name), p.i, 3), t.id FROM customers t JOIN search_gram_positions p
    ON p.i <= length(lower(t.last_name)) AND p.i > length(lower(t.last_name)) - 2
  WHERE NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 3 AND g.gram = substr(lower(t.last_name), p.i, 3) AND g.owner = t.id);
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 4, substr(lower(t.code), p.i, 3), t.id FROM products t JOIN search_gram_positions p
    ON p.i <= length(lower(t.code)) AND p.i > length(lower(t.code)) - 2
  WHERE NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 4 AND g.gram = substr(lower(t.code), p.i, 3) AND g.owner = t.id);
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 5, substr(lower(t.name), p.i, 3), t.id FROM product_translations t JOIN search_gram_positions p
    ON p.i <= length(lower(t.name)) AND p.i > length(lower(t.name)) - 2
  WHERE NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 5 AND g.gram = substr(lower(t.name), p.i, 3) AND g.owner = t.id);
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 6, substr(lower(t.code), p.i, 3), t.id FROM taxons t JOIN search_gram_positions p
    ON p.i <= length(lower(t.code)) AND p.i > length(lower(t.code)) - 2
  WHERE NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 6 AND g.gram = substr(lower(t.code), p.i, 3) AND g.owner = t.id);
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 7, substr(lower(t.name), p.i, 3), t.id FROM taxon_translations t JOIN search_gram_positions p
    ON p.i <= length(lower(t.name)) AND p.i > length(lower(t.name)) - 2
  WHERE NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 7 AND g.gram = substr(lower(t.name), p.i, 3) AND g.owner = t.id);
