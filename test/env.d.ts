import type { D1Migration } from "cloudflare:test";

// The worker's bindings come from worker-configuration.d.ts (`npm run types`),
// which declares them on Cloudflare.Env; the tests add the migrations that
// vitest.config.ts passes in.
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
