import { applyD1Migrations, env } from "cloudflare:test";
import { seedTestAccounts } from "./fixtures/accounts";

// Runs before each test file; migrations are idempotent (tracked in d1_migrations).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedTestAccounts();
