// Starts the worker locally for the measuring scripts: `wrangler dev` on a fresh
// local D1 (migrations, demo data, extra SQL) in a temporary directory, with
// the access log off (under wrangler dev each log line is forwarded to the
// wrangler process, a cost of local runs only). `stop()` ends it and removes
// the directory. `inspectorPort` opens the DevTools inspector (the profiler);
// `logLevel: null` keeps wrangler's default level, as `npm start` runs it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareLocalDatabase } from "./local-db.mjs";

export async function startLocalWorker({ port, extraSql = "", vars = {}, inspectorPort, logLevel = "error" }) {
  const dir = mkdtempSync(path.join(tmpdir(), "worker-"));
  console.error(`Preparing a fresh local database in ${dir}...`);
  await prepareLocalDatabase({ persistTo: dir, extraSql, quiet: true });
  const args = ["dev", "--port", String(port), "--persist-to", dir, "--var", "LOG_REQUESTS:off"];
  if (logLevel) args.push("--log-level", logLevel);
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  // More vars (`vars`: name → value), e.g. the latency model's BENCH_LATENCY.
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const server = spawn("wrangler", args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      server.kill("SIGTERM");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForServer(server, base);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}

async function waitForServer(child, base) {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error("wrangler dev exited");
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("wrangler dev did not start");
}
