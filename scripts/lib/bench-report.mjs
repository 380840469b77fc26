// The output of the measuring scripts (bench, bench:cost, bench:retries): Markdown
// on stdout, opened by one line that says when, on what and with what the
// figures were measured (date in UTC, CPU model, cores, memory, Node and
// wrangler versions, the command), so a table pasted into the docs carries its
// own provenance. `--out FILE` (or `--out=FILE`) also writes that Markdown to
// FILE, so the docs take the script's own output instead of a retyped copy.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The value of `--out FILE` / `--out=FILE` in `argv`, or null. */
export function outFileOf(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--out") {
      const file = argv[i + 1];
      if (!file || file.startsWith("--")) throw new Error("--out needs a file name");
      return file;
    }
    if (argv[i].startsWith("--out=")) return argv[i].slice("--out=".length);
  }
  return null;
}

function wranglerVersion() {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, "node_modules/wrangler/package.json"), "utf8")).version;
  } catch {
    return "unknown";
  }
}

/** One line: `2026-11-26 06:40 UTC · <CPU model> (2 cores, 7.8 GiB) · Node v22.23.3 · wrangler 4.156.2`. */
export function machineLine(now = new Date()) {
  const cores = cpus();
  const model = (cores[0]?.model ?? "unknown CPU").replace(/\s+/g, " ").trim();
  const memory = `${(totalmem() / 2 ** 30).toFixed(1)} GiB`;
  const date = `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `${date} · ${model} (${cores.length} cores, ${memory}) · Node ${process.version} · wrangler ${wranglerVersion()}`;
}

/**
 * A report for one run of `command` (e.g. "npm run bench:cost"): `log()` prints a
 * line to stdout and keeps it; `save()` writes what was kept to the `--out` file,
 * if one was given. The first line names the command and the machine.
 */
export function createReport(command, argv = process.argv.slice(2)) {
  const outFile = outFileOf(argv);
  const lines = [];
  const log = (text = "") => {
    console.log(text);
    lines.push(text);
  };
  const shown = argv.filter((a, i) => a !== "--out" && argv[i - 1] !== "--out" && !a.startsWith("--out="));
  log(`Measured by \`${command}${shown.length ? ` -- ${shown.join(" ")}` : ""}\` on ${machineLine()}.`);
  const save = () => {
    if (!outFile) return;
    const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), outFile);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trim()}\n`);
    console.error(`Written to ${path.relative(process.cwd(), target) || target}.`);
  };
  return { log, save, outFile };
}
