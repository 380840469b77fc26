/**
 * Which columns feed which search postings: each scope of `SEARCH_SCOPES`
 * (src/data/list-page.ts, the one list of indexed texts) gets the triggers
 * that keep `search_grams` equal to the pieces of `lower(text)` at every
 * position (trigrams, and the last two positions' shorter pieces) for its
 * owner, and `search_gram_counts` follows the postings. A trigger cannot hold
 * a recursive WITH: the positions come from `search_gram_positions` (1..1024).
 * A trigger's statements take the conflict policy of the statement that fired
 * it, so no posting relies on OR IGNORE: a posting is inserted only where
 * missing, and a count is an upsert. A new scope also needs its postings
 * backfilled by its migration.
 */
import { SEARCH_SCOPES, type SearchScope } from "../list-page";
import { tableName, type Trigger } from "./trigger";

/** The postings' own counts, per scope and gram. */
const COUNT_TRIGGERS: Trigger[] = [
  {
    name: "search_gram_counts_insert",
    sql: `CREATE TRIGGER search_gram_counts_insert AFTER INSERT ON search_grams BEGIN
  INSERT INTO search_gram_counts (scope, gram, n) VALUES (NEW.scope, NEW.gram, 1)
    ON CONFLICT (scope, gram) DO UPDATE SET n = n + 1;
END`,
  },
  {
    name: "search_gram_counts_delete",
    sql: `CREATE TRIGGER search_gram_counts_delete AFTER DELETE ON search_grams BEGIN
  UPDATE search_gram_counts SET n = n - 1 WHERE scope = OLD.scope AND gram = OLD.gram;
  DELETE FROM search_gram_counts WHERE scope = OLD.scope AND gram = OLD.gram AND n <= 0;
END`,
  },
];

function triggersOf({ code, owner, text }: SearchScope): Trigger[] {
  const table = tableName(text.table);
  const c = text.name;
  const o = owner.name;
  const name = (event: string) => `search_grams_${table}_${c}_${event}`;
  const pieces = (row: "OLD" | "NEW") => `SELECT substr(lower(${row}.${c}), i, 3) FROM search_gram_positions WHERE i <= length(lower(${row}.${c}))`;
  const insert = `  INSERT INTO search_grams (scope, gram, owner)
    SELECT DISTINCT ${code}, substr(lower(NEW.${c}), i, 3), NEW.${o} FROM search_gram_positions
    WHERE i <= length(lower(NEW.${c}))
      AND NOT EXISTS (SELECT 1 FROM search_grams g WHERE g.scope = ${code} AND g.gram = substr(lower(NEW.${c}), i, 3) AND g.owner = NEW.${o});`;
  const removeOld = `  DELETE FROM search_grams WHERE scope = ${code} AND owner = OLD.${o}
    AND gram IN (${pieces("OLD")})`;
  return [
    { name: name("insert"), sql: `CREATE TRIGGER ${name("insert")} AFTER INSERT ON ${table} BEGIN\n${insert}\nEND` },
    {
      name: name("update"),
      sql: `CREATE TRIGGER ${name("update")} AFTER UPDATE OF ${c}, ${o} ON ${table}
WHEN OLD.${c} IS NOT NEW.${c} OR OLD.${o} <> NEW.${o} BEGIN
${removeOld}
    AND (OLD.${o} <> NEW.${o} OR gram NOT IN (${pieces("NEW")}));
${insert}
END`,
    },
    { name: name("delete"), sql: `CREATE TRIGGER ${name("delete")} AFTER DELETE ON ${table} BEGIN\n${removeOld};\nEND` },
  ];
}

export const searchPostingTriggers = (): Trigger[] => [...COUNT_TRIGGERS, ...Object.values(SEARCH_SCOPES).flatMap(triggersOf)];
