import { defineConfig } from "drizzle-kit";

// `out` must stay equal to wrangler.toml's `migrations_dir`: wrangler applies
// these files and the tests read them with `readD1Migrations`.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/data/schema.ts",
  out: "./migrations",
});
