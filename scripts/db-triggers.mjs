// `npm run db:triggers -- migrations/NNNN_name.sql`: writes the SQL of every
// trigger declared in src/data/triggers/ (DROP TRIGGER IF EXISTS + CREATE
// TRIGGER each) into that migration: it replaces the migration's generated
// block, or drizzle-kit's placeholder of an empty custom migration
// (`npm run db:generate -- --custom --name <what>`), or is appended to the
// SQL drizzle-kit generated. Without a file, it prints the block. Never
// point it at an applied migration: make a new one
// (docs/development/triggers.md). Run with tsx (it imports the TypeScript
// declarations).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { triggerMigrationSql, withGeneratedBlock } from "../src/data/triggers/index.ts";

const [file] = process.argv.slice(2);
if (!file) {
  process.stdout.write(triggerMigrationSql());
} else {
  if (!existsSync(file)) {
    console.error(`${file} does not exist: make the migration first (npm run db:generate -- --custom --name <what>).`);
    process.exit(1);
  }
  writeFileSync(file, withGeneratedBlock(readFileSync(file, "utf8")));
  console.log(`${file}: the declared triggers written.`);
}
