/**
 * The Worker's secrets (`wrangler secret put NAME`): not in wrangler.toml, so
 * not in the generated worker-configuration.d.ts. Optional: a deployment may
 * lack one, and the code that needs it says so (see wrangler.toml).
 */
interface Env {
  /** Seals the webhook endpoints' signing secrets (src/domain/webhooks/secret-box.ts). */
  WEBHOOK_SECRETS_KEY?: string;
}
declare namespace Cloudflare {
  interface Env {
    WEBHOOK_SECRETS_KEY?: string;
  }
}
