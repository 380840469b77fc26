/**
 * The token endpoint as Sylius 1.8's OauthTokenApiTest drives it
 * (tests/Responses/authentication/new_access_token.json): a JSON body with
 * the password grant, then with the refresh-token grant.
 */
import { describe, expect, it } from "vitest";
import { TEST_CLIENT, TEST_USER } from "../fixtures/accounts";
import { insertToken, testClientId, tokenJson } from "../fixtures/tokens";
import { env } from "cloudflare:test";
import { firstRow } from "../fixtures/db";
import { SCOPES } from "../../src/domain/scopes";

// Sylius answers `scope: null` (it has no scopes); a client with no scopes configured holds them all, which the answer lists.
const NEW_ACCESS_TOKEN = { access_token: expect.any(String), expires_in: 3600, token_type: "bearer", scope: SCOPES.join(" "), refresh_token: expect.any(String) };
const client = { client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret };

describe("token endpoint (Sylius 1.8 OauthTokenApiTest)", () => {
  it("it_provides_an_access_token: new_access_token", async () => {
    const res = await tokenJson({ ...client, grant_type: "password", username: TEST_USER.username, password: TEST_USER.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(NEW_ACCESS_TOKEN);
  });

  it("it_allows_to_refresh_an_access_token: new_access_token", async () => {
    const user = await firstRow<{ id: number }>(env.DB.prepare("SELECT id FROM admin_users WHERE username_canonical = ?").bind(TEST_USER.username));
    const refresh = await insertToken("oauth_refresh_tokens", { clientId: await testClientId(), userId: user.id, expiresIn: 3600 });
    const res = await tokenJson({ ...client, grant_type: "refresh_token", refresh_token: refresh });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(NEW_ACCESS_TOKEN);
  });
});
