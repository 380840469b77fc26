// Restores lockfile entries for platform-specific optional packages that the
// registry this lock was resolved against did not serve (workerd's macOS and
// Windows binaries). Without them `npm ci` refuses the lock as "out of sync";
// with them, npm installs only the entry matching the machine's os/cpu.
// Run after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORMS = {
  "@cloudflare/workerd-darwin-64": { os: ["darwin"], cpu: ["x64"] },
  "@cloudflare/workerd-darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "@cloudflare/workerd-linux-64": { os: ["linux"], cpu: ["x64"] },
  "@cloudflare/workerd-linux-arm64": { os: ["linux"], cpu: ["arm64"] },
  "@cloudflare/workerd-windows-64": { os: ["win32"], cpu: ["x64"] },
};

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.endsWith("node_modules/workerd")) continue;
  const base = path.slice(0, -"workerd".length);
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${base}${name}`;
    if (lock.packages[key] || !PLATFORMS[name]) continue;
    lock.packages[key] = {
      version,
      ...PLATFORMS[name],
      ...(entry.dev ? { dev: true } : {}),
      license: "Apache-2.0",
      optional: true,
      engines: { node: ">=16" },
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entr${added === 1 ? "y" : "ies"}.`);
