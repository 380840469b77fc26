// `npm run db:migrate [-- --remote | --persist-to DIR]`: applies pending
// migrations to the local D1 (default) or the deployed one.
import { targetFlags, wrangler } from "./lib/wrangler.mjs";

const { flags, rest } = targetFlags(process.argv.slice(2));
await wrangler(["d1", "migrations", "apply", "DB", ...flags, ...rest]);
