// Shared helpers of the project's scripts: run wrangler (from node_modules/.bin,
// on PATH under `npm run`), and split target flags off the argument list.
import { spawn } from "node:child_process";

/** Flags that choose which D1 a command talks to. */
export function targetFlags(args) {
  const flags = [];
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--remote" || arg === "--local") flags.push(arg);
    else if (arg === "--persist-to" || arg === "--env" || arg === "-e") {
      flags.push(arg, args[i + 1]);
      i++;
    } else if (arg.startsWith("--persist-to=") || arg.startsWith("--env=")) flags.push(arg);
    else rest.push(arg);
  }
  if (!flags.includes("--remote") && !flags.includes("--local")) flags.unshift("--local");
  return { flags, rest };
}

/** `--persist-to` of an argument list, in both spellings, or undefined. */
export function persistTo(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--persist-to") return args[i + 1];
    if (args[i].startsWith("--persist-to=")) return args[i].slice("--persist-to=".length);
  }
  return undefined;
}

export function wrangler(args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn("wrangler", args, {
      stdio: options.stdio ?? "inherit",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: process.env.CI ?? "true", ...options.env },
    });
    // With piped stdio, `options.output` collects what wrangler printed.
    if (options.output) {
      child.stdout?.on("data", (chunk) => (options.output.stdout += chunk));
      child.stderr?.on("data", (chunk) => (options.output.stderr += chunk));
    }
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`wrangler ${args.join(" ")} exited with ${code ?? signal}`));
    });
  });
}

/** Quotes a value as an SQL string literal. */
export const sqlString = (value) => (value === null || value === undefined ? "NULL" : `'${String(value).replace(/'/g, "''")}'`);
