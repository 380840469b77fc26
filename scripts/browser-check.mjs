// `npm run test:browser`: opens the API documentation page of a fresh local
// instance in headless Chromium and checks that a user can read it, get a
// token and try a call. Not part of `npm test` (it needs a browser).
//
// 1. starts `node scripts/start.mjs --port 8796 --persist-to <tmp>` (fresh
//    local database with the demo data) and waits for GET /health;
// 2. opens /api/v1/docs (Debian's chromium driven by playwright-core) and waits
//    for Swagger UI to render the document's title and every operation;
//    fails on any page error, console error, failed request or request to
//    another origin (the page must work offline);
// 3. saves browser-check/screenshot.png (an ignored folder: the committed
//    docs/*.png are not overwritten);
// 4. Authorize → OAuth2 password flow with the demo credentials, then
//    "Try it out" on GET /api/v1/locales/ and expects a 200 with en_US;
//    saves browser-check/screenshot-try-it-out.png;
// 5. stops the instance (its whole process group) and removes the temp dirs.
//
// Exit code 0 when everything holds, 1 otherwise.
// Environment: CHROMIUM_PATH (default /usr/bin/chromium, `apt-get install
// chromium`), BROWSER_CHECK_PORT (default 8796).
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BROWSER_CHECK_PORT ?? 8796);
const ORIGIN = `http://localhost:${PORT}`;
const EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const OUTPUT = path.join(root, "browser-check");
const DEMO = { username: "api@example.com", password: "sylius-api", clientId: "demo_client", clientSecret: "secret_demo_client" };

const log = (message) => console.log(`[browser-check] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startInstance(persistDir) {
  // The project's tools (wrangler, node) first, as under `npm run`.
  const PATH = [path.join(root, "node_modules", ".bin"), process.env.PATH].filter(Boolean).join(path.delimiter);
  const child = spawn("node", ["scripts/start.mjs", "--port", String(PORT), "--persist-to", persistDir], {
    cwd: root,
    detached: true, // its own process group: start.mjs → wrangler → workerd all stop together
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PATH, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return { child, output };
}

async function stopInstance(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const group = -child.pid;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(group, "SIGTERM");
  } catch {
    return;
  }
  const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!done) {
    try {
      process.kill(group, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

async function waitForHealth(child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the local instance exited (${child.exitCode})`);
    try {
      const response = await fetch(`${ORIGIN}/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`no healthy instance on ${ORIGIN} after ${timeoutMs / 1000} s`);
}

async function checkDocs(context, documentInfo) {
  const problems = [];
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(ORIGIN) && !url.startsWith("data:")) problems.push(`request to another origin: ${url}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.request().method()} ${response.url()}`);
  });
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));

  const response = await page.goto(`${ORIGIN}/api/v1/docs`, { waitUntil: "load" });
  if (response?.status() !== 200) throw new Error(`GET /api/v1/docs answered ${response?.status()}`);

  const title = page.locator(".swagger-ui .information-container .title");
  await title.waitFor({ state: "visible", timeout: 30_000 });
  const titleText = (await title.innerText()).trim();
  if (!titleText.includes(documentInfo.title)) throw new Error(`title "${titleText}" does not show "${documentInfo.title}"`);
  log(`rendered title: ${titleText.replace(/\s+/g, " ")}`);

  // Tags are expanded ("docExpansion: list"): one block per operation.
  await page.locator(".opblock").first().waitFor({ state: "visible", timeout: 30_000 });
  const operations = await page.locator(".opblock").count();
  if (operations !== documentInfo.operations) {
    throw new Error(`${operations} operations rendered, the document has ${documentInfo.operations}`);
  }
  log(`rendered ${operations} operations`);

  mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: path.join(OUTPUT, "screenshot.png") });
  log("saved browser-check/screenshot.png");

  // Get a token through the OAuth2 password flow of the Authorize dialog.
  await page.getByRole("button", { name: "Authorize" }).first().click();
  const dialog = page.locator(".auth-container", { hasText: "oauth2 (OAuth2, password)" });
  await dialog.locator("#oauth_username").fill(DEMO.username);
  await dialog.locator("#oauth_password").fill(DEMO.password);
  // Swagger UI's default sends the client's credentials in a Basic header; the token endpoint reads them from the body.
  await dialog.locator("#password_type").selectOption("request-body");
  await dialog.locator("#client_id_password").fill(DEMO.clientId);
  await dialog.locator("#client_secret_password").fill(DEMO.clientSecret);
  const [token] = await Promise.all([
    page.waitForResponse((r) => r.url().startsWith(`${ORIGIN}/api/oauth/v2/token`), { timeout: 15_000 }),
    dialog.locator("button.authorize").click(),
  ]);
  if (token.status() !== 200) throw new Error(`the token request answered ${token.status()}: ${await token.text()}`);
  await dialog.getByRole("button", { name: "Remove authorization" }).waitFor({ state: "visible", timeout: 10_000 });
  log("got an access token through the Authorize dialog");
  await page.locator(".modal-ux .close-modal").first().click();

  // Try a call with it.
  const operation = page.locator("#operations-Locales-listLocales");
  await operation.locator(".opblock-summary").first().click();
  await operation.getByRole("button", { name: "Try it out" }).click();
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/locales/", { timeout: 15_000 }),
    operation.getByRole("button", { name: "Execute" }).click(),
  ]);
  if (answer.status() !== 200) throw new Error(`GET /api/v1/locales/ from the page answered ${answer.status()}`);
  if (answer.request().headers().authorization?.startsWith("Bearer ") !== true) throw new Error("the call carried no bearer token");
  const live = operation.locator(".live-responses-table tbody .response-col_status").first();
  await live.waitFor({ state: "visible", timeout: 10_000 });
  const shown = (await live.innerText()).trim();
  if (shown !== "200") throw new Error(`the page shows status ${shown}`);
  const body = await operation.locator(".live-responses-table tbody .response-col_description").first().innerText();
  if (!body.includes("en_US")) throw new Error(`the response shown does not list the demo locale en_US: ${body.slice(0, 500)}`);
  log("tried GET /api/v1/locales/ from the page: 200");
  await operation.locator(".curl-command").first().evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: path.join(OUTPUT, "screenshot-try-it-out.png") });
  log("saved browser-check/screenshot-try-it-out.png");

  if (problems.length > 0) throw new Error(`the page had problems:\n  ${problems.join("\n  ")}`);
}

async function portInUse() {
  try {
    await Promise.race([fetch(`${ORIGIN}/health`), sleep(2000).then(() => Promise.reject(new Error("timeout")))]);
    return true;
  } catch {
    return false;
  }
}

async function main() {
  if (await portInUse()) {
    console.error(`[browser-check] FAILED: something already answers on ${ORIGIN}; stop it or set BROWSER_CHECK_PORT.`);
    return 1;
  }
  const temp = mkdtempSync(path.join(tmpdir(), "browser-check-"));
  const persistDir = path.join(temp, "state");
  const profileDir = path.join(temp, "profile");
  const { child, output } = startInstance(persistDir);
  // Ctrl-C: stop the instance too.
  process.once("SIGINT", () => {
    void stopInstance(child).finally(() => process.exit(130));
  });
  let context;
  try {
    log(`starting a local instance on ${ORIGIN} (state in ${persistDir})`);
    await waitForHealth(child);
    const document = await (await fetch(`${ORIGIN}/api/v1/openapi.json`)).json();
    const methods = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);
    const operations = Object.values(document.paths).reduce(
      (sum, item) => sum + Object.keys(item).filter((key) => methods.has(key)).length,
      0,
    );
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: EXECUTABLE,
      headless: true,
      viewport: { width: 1280, height: 1000 },
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    await checkDocs(context, { title: document.info.title, operations });
    log("OK");
    return 0;
  } catch (error) {
    console.error(`[browser-check] FAILED: ${error instanceof Error ? error.message : String(error)}`);
    if (child.exitCode !== null) console.error(output.join(""));
    return 1;
  } finally {
    await context?.close().catch(() => {});
    await stopInstance(child);
    rmSync(temp, { recursive: true, force: true });
  }
}

process.exitCode = await main();
