import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
// @ts-expect-error -- a plain .mjs script (no types); it fills public/ (the [assets] directory of wrangler.toml).
import { copyDocsAssets } from "./scripts/copy-docs-assets.mjs";

export default defineConfig(async () => {
  // The docs viewer's static assets must exist before the Workers runtime reads wrangler.toml.
  copyDocsAssets();
  // Migrations are read here (Node) and applied inside the runtime by test/setup.ts.
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              // CORS_ALLOWED_ORIGINS (empty in wrangler.toml) gets the origins test/cors/cors.test.ts calls from;
              // LOG_REQUESTS "off": a passing `npm test` prints no access log (test/logging/logging.test.ts turns it on for itself).
              // WEBHOOK_SECRETS_KEY: the Worker secret webhook signing secrets are sealed under (test/webhooks seal theirs with it).
              // The events queue (producer EVENTS_QUEUE, its consumer and dead-letter queue) comes from wrangler.toml as it is.
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  WEBHOOK_SECRETS_KEY: "test-webhook-secrets-key-not-for-production",
                  CORS_ALLOWED_ORIGINS: "https://backoffice.example.test, https://Admin.Example.test/",
                  LOG_REQUESTS: "off",
                },
              },
            }),
          ],
          test: {
            name: "workers",
            setupFiles: ["./test/setup.ts"],
            include: ["test/**/*.test.ts"],
            exclude: ["test/**/*.node.test.ts"],
            testTimeout: 30_000,
          },
        },
        {
          // Tests whose tools need Node (e.g. an OpenAPI validator that compiles
          // JSON schemas with `new Function`, which workerd forbids).
          test: {
            name: "node",
            environment: "node",
            include: ["test/**/*.node.test.ts"],
            testTimeout: 30_000,
          },
        },
      ],
    },
  };
});
