CREATE TABLE `search_grams` (
	`scope` integer NOT NULL,
	`gram` text NOT NULL,
	`owner` integer NOT NULL,
	PRIMARY KEY(`scope`, `gram`, `owner`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `search_gram_counts` (
	`scope` integer NOT NULL,
	`gram` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`scope`, `gram`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `search_gram_positions` (
	`i` integer PRIMARY KEY
);
--> statement-breakpoint
-- Hand-written from here: the positions, the triggers that keep the postings
-- and their counts, and the postings of the rows already stored.
-- Each indexed text (scope: 1 customers.email_canonical, 2 customers.first_name,
-- 3 customers.last_name, 4 products.code, 5 product_translations.name,
-- 6 taxons.code, 7 taxon_translations.name; src/data/list-page.ts) has one
-- posting per distinct trigram of lower(text) (SQLite's lower(), exactly as
-- the filters lower it) and owner (the row's id). Positions 1..1024: a text's
-- trigrams past its 1,026th character are not indexed (a trigger cannot hold
-- a recursive WITH, so the positions come from this table).
WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 1024)
INSERT INTO search_gram_positions (i) SELECT i FROM seq;
--> statement-breakpoint
-- Per-gram counts follow the postings. A trigger's statements take the
-- conflict policy of the statement that fired it (an upsert's update runs
-- under ABORT), so no posting relies on OR IGNORE: a posting is inserted
-- only where missing. A count is an upsert (its DO UPDATE holds whatever
-- the outer policy: test/scale/search-grams.test.ts fires it under an
-- upsert, INSERT OR REPLACE and UPDATE OR IGNORE).
CREATE TRIGGER search_gram_counts_insert AFTER INSERT ON search_grams BEGIN
  INSERT INTO search_gram_counts (scope, gram, n) VALUES (NEW.scope, NEW.gram, 1)
    ON CONFLICT (scope, gram) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER search_gram_counts_delete AFTER DELETE ON search_grams BEGIN
  UPDATE search_gram_counts SET n = n - 1 WHERE scope = OLD.scope AND gram = OLD.gram;
  DELETE FROM search_gram_counts WHERE scope = OLD.scope AND gram = OLD.gram AND n <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_email_canonical_insert AFTER INSERT ON customers BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 1, substr(lower(NEW.email_canonical), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.email_canonical)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 1 AND g.gram = substr(lower(NEW.email_canonical), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_email_canonical_update AFTER UPDATE OF email_canonical, id ON customers
WHEN OLD.email_canonical IS NOT NEW.email_canonical OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 1 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.email_canonical), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.email_canonical)) - 2)
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.email_canonical), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.email_canonical)) - 2));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 1, substr(lower(NEW.email_canonical), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.email_canonical)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 1 AND g.gram = substr(lower(NEW.email_canonical), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_email_canonical_delete AFTER DELETE ON customers BEGIN
  DELETE FROM search_grams WHERE scope = 1 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.email_canonical), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.email_canonical)) - 2);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_first_name_insert AFTER INSERT ON customers BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 2, substr(lower(NEW.first_name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.first_name)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 2 AND g.gram = substr(lower(NEW.first_name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_first_name_update AFTER UPDATE OF first_name, id ON customers
WHEN OLD.first_name IS NOT NEW.first_name OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 2 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.first_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.first_name)) - 2)
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.first_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.first_name)) - 2));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 2, substr(lower(NEW.first_name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.first_name)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 2 AND g.gram = substr(lower(NEW.first_name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_first_name_delete AFTER DELETE ON customers BEGIN
  DELETE FROM search_grams WHERE scope = 2 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.first_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.first_name)) - 2);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_last_name_insert AFTER INSERT ON customers BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 3, substr(lower(NEW.last_name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.last_name)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 3 AND g.gram = substr(lower(NEW.last_name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_last_name_update AFTER UPDATE OF last_name, id ON customers
WHEN OLD.last_name IS NOT NEW.last_name OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 3 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.last_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.last_name)) - 2)
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.last_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.last_name)) - 2));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 3, substr(lower(NEW.last_name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.last_name)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 3 AND g.gram = substr(lower(NEW.last_name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_customers_last_name_delete AFTER DELETE ON customers BEGIN
  DELETE FROM search_grams WHERE scope = 3 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.last_name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.last_name)) - 2);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_products_code_insert AFTER INSERT ON products BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 4, substr(lower(NEW.code), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.code)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 4 AND g.gram = substr(lower(NEW.code), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_products_code_update AFTER UPDATE OF code, id ON products
WHEN OLD.code IS NOT NEW.code OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 4 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.code)) - 2)
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.code)) - 2));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 4, substr(lower(NEW.code), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.code)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 4 AND g.gram = substr(lower(NEW.code), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_products_code_delete AFTER DELETE ON products BEGIN
  DELETE FROM search_grams WHERE scope = 4 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.code)) - 2);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_product_translations_name_insert AFTER INSERT ON product_translations BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 5, substr(lower(NEW.name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.name)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 5 AND g.gram = substr(lower(NEW.name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_product_translations_name_update AFTER UPDATE OF name, id ON product_translations
WHEN OLD.name IS NOT NEW.name OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 5 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.name)) - 2)
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.name)) - 2));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 5, substr(lower(NEW.name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.name)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 5 AND g.gram = substr(lower(NEW.name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_product_translations_name_delete AFTER DELETE ON product_translations BEGIN
  DELETE FROM search_grams WHERE scope = 5 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.name)) - 2);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxons_code_insert AFTER INSERT ON taxons BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 6, substr(lower(NEW.code), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.code)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 6 AND g.gram = substr(lower(NEW.code), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxons_code_update AFTER UPDATE OF code, id ON taxons
WHEN OLD.code IS NOT NEW.code OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 6 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.code)) - 2)
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.code)) - 2));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 6, substr(lower(NEW.code), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.code)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 6 AND g.gram = substr(lower(NEW.code), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxons_code_delete AFTER DELETE ON taxons BEGIN
  DELETE FROM search_grams WHERE scope = 6 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.code), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.code)) - 2);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxon_translations_name_insert AFTER INSERT ON taxon_translations BEGIN
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 7, substr(lower(NEW.name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.name)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 7 AND g.gram = substr(lower(NEW.name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxon_translations_name_update AFTER UPDATE OF name, id ON taxon_translations
WHEN OLD.name IS NOT NEW.name OR OLD.id <> NEW.id BEGIN
  DELETE FROM search_grams WHERE scope = 7 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.name)) - 2)
    AND (OLD.id <> NEW.id OR gram NOT IN (SELECT substr(lower(NEW.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(NEW.name)) - 2));
  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT 7, substr(lower(NEW.name), i, 3), NEW.id FROM search_gram_positions
    WHERE i <= length(lower(NEW.name)) - 2
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = 7 AND g.gram = substr(lower(NEW.name), i, 3) AND g.owner = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_grams_taxon_translations_name_delete AFTER DELETE ON taxon_translations BEGIN
  DELETE FROM search_grams WHERE scope = 7 AND owner = OLD.id
    AND gram IN (SELECT substr(lower(OLD.name), i, 3) FROM search_gram_positions WHERE i <= length(lower(OLD.name)) - 2);
END;
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 1, substr(lower(t.email_canonical), p.i, 3), t.id FROM customers t JOIN search_gram_positions p ON p.i <= length(lower(t.email_canonical)) - 2;
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 2, substr(lower(t.first_name), p.i, 3), t.id FROM customers t JOIN search_gram_positions p ON p.i <= length(lower(t.first_name)) - 2;
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 3, substr(lower(t.last_name), p.i, 3), t.id FROM customers t JOIN search_gram_positions p ON p.i <= length(lower(t.last_name)) - 2;
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 4, substr(lower(t.code), p.i, 3), t.id FROM products t JOIN search_gram_positions p ON p.i <= length(lower(t.code)) - 2;
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 5, substr(lower(t.name), p.i, 3), t.id FROM product_translations t JOIN search_gram_positions p ON p.i <= length(lower(t.name)) - 2;
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 6, substr(lower(t.code), p.i, 3), t.id FROM taxons t JOIN search_gram_positions p ON p.i <= length(lower(t.code)) - 2;
--> statement-breakpoint
INSERT INTO search_grams (scope, gram, owner)
  SELECT DISTINCT 7, substr(lower(t.name), p.i, 3), t.id FROM taxon_translations t JOIN search_gram_positions p ON p.i <= length(lower(t.name)) - 2;
