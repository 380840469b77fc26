import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerBindings } from "../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerBindings {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
