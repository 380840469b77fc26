import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEST_TOKEN } from "../fixtures/accounts";
import { api, d1RoundTrips } from "../fixtures/http";
import { uniqueLocaleCode } from "../fixtures/references";

const MIB = 1024 * 1024;
const TOO_LARGE = { code: 413, message: "Request body is larger than 1 MiB." };
// Sylius' own blank messages for a locale's and a currency's code.
const blankCode = (message: string) => ({ code: 400, message: "Validation Failed", errors: { children: { code: { errors: [message] } } } });
const BLANK_LOCALE = blankCode("Please choose locale code.");
const BLANK_CURRENCY = blankCode("Please choose currency code.");

describe("request bodies", () => {
  it("answers malformed JSON with the exact 400 body", async () => {
    const res = await api("POST", "/api/v1/locales/", undefined, { raw: "{\"code\": " });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: "Invalid JSON body." });
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  });

  it("answers malformed JSON on PUT and PATCH too", async () => {
    for (const method of ["PUT", "PATCH"]) {
      const res = await api(method, "/api/v1/locales/en_US", undefined, { raw: "nope" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: "Invalid JSON body." });
    }
  });

  it("counts an empty body as {}", async () => {
    const empty = await api("POST", "/api/v1/locales/", undefined, { raw: "" });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual(BLANK_LOCALE);
    const blanks = await api("POST", "/api/v1/currencies/", undefined, { raw: "  \n " });
    expect(blanks.status).toBe(400);
    expect(blanks.body).toEqual(BLANK_CURRENCY);
    const none = await SELF.fetch("https://example.com/api/v1/locales/", {
      method: "POST",
      headers: { Authorization: `Bearer ${TEST_TOKEN}` },
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual(BLANK_LOCALE);
  });

  it("parses the body as JSON whatever Content-Type says", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
      const code = uniqueLocaleCode();
      const res = await api("POST", "/api/v1/locales/", undefined, { raw: JSON.stringify({ code }), headers: { "Content-Type": type } });
      expect(res.status).toBe(201);
      expect(res.body.code).toBe(code);
    }
    const code = uniqueLocaleCode();
    const noType = await SELF.fetch("https://example.com/api/v1/locales/", {
      method: "POST",
      headers: { Authorization: `Bearer ${TEST_TOKEN}` },
      body: new TextEncoder().encode(JSON.stringify({ code })),
    });
    expect(noType.status).toBe(201);
    expect(((await noType.json()) as { code: string }).code).toBe(code);
  });

  it("accepts a body of exactly 1 MiB", async () => {
    const prefix = '{"code":"';
    const suffix = '"}';
    const body = prefix + "x".repeat(MIB - prefix.length - suffix.length) + suffix;
    expect(body.length).toBe(MIB);
    const res = await api("POST", "/api/v1/locales/", undefined, { raw: body });
    // Not a 413: the code is simply invalid.
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Validation Failed");
  });

  it("refuses a correct JSON body just over 1 MiB with 413", async () => {
    const prefix = '{"code":"';
    const suffix = '"}';
    const body = prefix + "x".repeat(MIB + 1 - prefix.length - suffix.length) + suffix;
    expect(body.length).toBe(MIB + 1);
    const res = await api("POST", "/api/v1/locales/", undefined, { raw: body });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(TOO_LARGE);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("refuses an over-limit body sent without Content-Length (streamed)", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"code":"'));
        if (sent > MIB + chunk.byteLength) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.byteLength;
      },
    });
    const response = await SELF.fetch("https://example.com/api/v1/locales/", {
      method: "POST",
      headers: { Authorization: `Bearer ${TEST_TOKEN}`, "Content-Type": "application/json" },
      body: stream,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(TOO_LARGE);
  });

  it("refuses a body whose Content-Length claims more than 1 MiB", async () => {
    const res = await api("POST", "/api/v1/locales/", undefined, {
      raw: "{}",
      headers: { "Content-Length": String(MIB + 1) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(TOO_LARGE);
  });

  it("refuses an over-limit body whose Content-Length understates it", async () => {
    const body = '{"code":"' + "x".repeat(MIB) + '"}';
    const res = await api("POST", "/api/v1/locales/", undefined, { raw: body, headers: { "Content-Length": "10" } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(TOO_LARGE);
  });
});

describe("routing", () => {
  it("answers an unknown route with a JSON 404", async () => {
    const res = await api("GET", "/api/v1/no-such-thing/");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: expect.any(String) });
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const outside = await api("GET", "/nowhere", undefined, { token: null });
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual({ code: 404, message: expect.any(String) });
  });

  it("answers a wrong method on a known path with 405 and Allow", async () => {
    const res = await api("PATCH", "/api/v1/locales/", {});
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ code: 405, message: expect.any(String) });
    const allow = (res.headers.get("Allow") ?? "").split(/\s*,\s*/);
    expect(allow).toEqual(expect.arrayContaining(["GET", "POST"]));
    expect(allow).not.toContain("PATCH");
    expect(allow).not.toContain("DELETE");

    const noSlash = await api("DELETE", "/api/v1/currencies");
    expect(noSlash.status).toBe(405);
    expect((noSlash.headers.get("Allow") ?? "").split(/\s*,\s*/)).toEqual(expect.arrayContaining(["GET", "POST"]));

    const item = await api("POST", "/api/v1/locales/en_US");
    expect(item.status).toBe(405);
    expect((item.headers.get("Allow") ?? "").split(/\s*,\s*/)).toEqual(
      expect.arrayContaining(["GET", "PUT", "PATCH", "DELETE"]),
    );
  });

  it("answers 405 on the token endpoint and /health for other methods", async () => {
    const token = await api("DELETE", "/api/oauth/v2/token", undefined, { token: null });
    expect(token.status).toBe(405);
    expect((token.headers.get("Allow") ?? "").split(/\s*,\s*/)).toEqual(expect.arrayContaining(["GET", "POST"]));
    const health = await api("POST", "/health", undefined, { token: null });
    expect(health.status).toBe(405);
    expect((health.headers.get("Allow") ?? "").split(/\s*,\s*/)).toContain("GET");
  });

  it("serves collection paths with and without the trailing slash", async () => {
    const withSlash = await api("GET", "/api/v1/locales/");
    const without = await api("GET", "/api/v1/locales");
    expect(withSlash.status).toBe(200);
    expect(without.status).toBe(200);
    expect(without.body.total).toBe(withSlash.body.total);
    const code = uniqueLocaleCode();
    const created = await api("POST", "/api/v1/locales", { code });
    expect(created.status).toBe(201);
    const one = await api("GET", `/api/v1/locales/${code}/`);
    expect(one.status).toBe(200);
    expect(one.body.code).toBe(code);
    const health = await api("GET", "/health/", undefined, { token: null });
    expect(health.status).toBe(200);
  });
});

describe("X-Request-Id", () => {
  const cases: [string, string, string | null, number][] = [
    ["success", "/api/v1/locales/", TEST_TOKEN, 200],
    ["validation error", "/api/v1/locales/", TEST_TOKEN, 400],
    ["401", "/api/v1/locales/", null, 401],
    ["404", "/api/v1/nothing-here", TEST_TOKEN, 404],
    ["health", "/health", null, 200],
  ];

  for (const [name, path, token, status] of cases) {
    it(`is echoed and generated on a ${name}`, async () => {
      const method = status === 400 ? "POST" : "GET";
      const body = status === 400 ? {} : undefined;
      const echoed = await api(method, path, body, { token, headers: { "X-Request-Id": "req-abc.123:XYZ" } });
      expect(echoed.status).toBe(status);
      expect(echoed.headers.get("X-Request-Id")).toBe("req-abc.123:XYZ");
      const generated = await api(method, path, body, { token });
      expect(generated.status).toBe(status);
      const id = generated.headers.get("X-Request-Id");
      expect(id).toMatch(/^[\w.:-]{8,}$/);
      const again = await api(method, path, body, { token });
      expect(again.headers.get("X-Request-Id")).not.toBe(id);
    });
  }

  it("is present on token endpoint answers", async () => {
    const res = await api("POST", "/api/oauth/v2/token", {}, { token: null, headers: { "X-Request-Id": "tok-1" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("X-Request-Id")).toBe("tok-1");
  });
});

describe("Server-Timing", () => {
  const metric = /(?:^|,\s*)d1;dur=(\d+(?:\.\d+)?);desc="(\d+)"/;

  it("reports d1 duration and round trips on /api/v1 responses", async () => {
    const list = await api("GET", "/api/v1/currencies/");
    expect(list.headers.get("Server-Timing")).toMatch(metric);
    expect(d1RoundTrips(list.headers)).toBe(1);

    const created = await api("POST", "/api/v1/locales/", { code: uniqueLocaleCode() });
    expect(created.status).toBe(201);
    expect(created.headers.get("Server-Timing")).toMatch(metric);
    expect(d1RoundTrips(created.headers)).toBe(2);
  });

  it("is present on errors too", async () => {
    const notFound = await api("GET", "/api/v1/no-such-thing");
    expect(notFound.headers.get("Server-Timing")).toMatch(metric);
    // The route does not exist, but the token is still checked once.
    expect(d1RoundTrips(notFound.headers)).toBe(1);
    const missing = await api("GET", "/api/v1/locales/", undefined, { token: null });
    expect(missing.headers.get("Server-Timing")).toMatch(metric);
    expect(d1RoundTrips(missing.headers)).toBe(0);
    const badJson = await api("POST", "/api/v1/locales/", undefined, { raw: "[" });
    expect(badJson.status).toBe(400);
    expect(d1RoundTrips(badJson.headers)).toBe(1);
  });
});

describe("health", () => {
  it("answers {status: ok} without auth", async () => {
    const res = await SELF.fetch("https://example.com/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});
