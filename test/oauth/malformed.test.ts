/** The token endpoint answers every malformed request with an RFC 6749 §5.2 error object. */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEST_CLIENT } from "../fixtures/accounts";

const post = (body: string, contentType = "application/json") =>
  SELF.fetch("https://example.com/api/oauth/v2/token", { method: "POST", headers: { "Content-Type": contentType }, body });

describe("token endpoint: malformed requests", () => {
  it("truncated JSON is invalid_request, not the API's {code, message}", async () => {
    for (const body of ['{"grant_type":"password"', "{", '{"a":1,}']) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "invalid_request", error_description: "The request body is not valid JSON" });
    }
  });

  it("a lone surrogate in a parameter is invalid_request", async () => {
    const res = await post(`{"grant_type":"client_credentials","client_id":"${TEST_CLIENT.id}","client_secret":"\\ud800"}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_request", error_description: "Parameters must be well-formed Unicode strings" });
  });

  it("a __proto__ parameter is an ignored ordinary key, never a prototype", async () => {
    const res = await post(`{"__proto__":{"grant_type":"client_credentials","client_id":"${TEST_CLIENT.id}","client_secret":"${TEST_CLIENT.secret}"}}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_request", error_description: "Invalid grant_type parameter or parameter missing" });
    expect(({} as Record<string, unknown>).grant_type).toBeUndefined();
  });
});
