// Copies the API documentation viewer (Swagger UI, from the swagger-ui-dist
// package) into public/docs-assets/swagger-ui/. public/ is the directory of
// Workers static assets (wrangler.toml `[assets]`): the platform serves those
// files itself, so the viewer is not bundled into the worker script and
// nothing is loaded from a CDN.
//
// It runs by itself: wrangler runs it before `wrangler dev` and
// `wrangler deploy` (wrangler.toml `[build] command`), vitest.config.ts before
// the tests. Idempotent, quick, offline. public/ is generated: not committed.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The files of swagger-ui-dist the docs page (src/routes/docs.ts) loads, and its licence. */
const FILES = ["swagger-ui-bundle.js", "swagger-ui.css", "favicon-32x32.png", "LICENSE", "NOTICE"];

export function copyDocsAssets() {
  const require = createRequire(path.join(root, "package.json"));
  const source = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  const target = path.join(root, "public", "docs-assets", "swagger-ui");
  mkdirSync(target, { recursive: true });
  let copied = 0;
  for (const file of FILES) {
    const from = path.join(source, file);
    const to = path.join(target, file);
    if (existsSync(to) && readFileSync(to).equals(readFileSync(from))) continue;
    copyFileSync(from, to);
    copied++;
  }
  return { target: path.relative(root, target), copied };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { target, copied } = copyDocsAssets();
  console.log(copied ? `API docs viewer: copied ${copied} file(s) to ${target}` : `API docs viewer: ${target} is up to date`);
}
