/** Persistence of OAuth2 clients, admin users and tokens (hashes only). */
import { and, eq, sql } from "drizzle-orm";
import { namedBatch } from "./batch";
import type { Database } from "./db";
import { adminUsers, oauthAccessTokens, oauthClients, oauthRefreshTokens } from "./schema";

export type ClientRow = typeof oauthClients.$inferSelect;
export type AdminUserRow = typeof adminUsers.$inferSelect;
export type RefreshTokenRow = typeof oauthRefreshTokens.$inferSelect;

export interface IssuedTokenHashes {
  /** The scopes granted, as stored (src/domain/scopes.ts; null: all of the client's). */
  scopes: string | null;
  accessHash: string;
  accessExpiresAt: number;
  refreshHash?: string;
  refreshExpiresAt?: number;
}

export class OAuthStore {
  constructor(private readonly db: Database) {}

  /** One round trip: the client and (optionally) a user or a refresh token. */
  async loadForGrant(publicId: string, lookup: { username?: string; refreshHash?: string }) {
    const client = this.db.select().from(oauthClients).where(eq(oauthClients.publicId, publicId)).limit(1);
    // The user is looked up by username (password grant), else as the owner
    // of the refresh token (so a disabled user's refresh token is refused).
    const user = this.db
      .select()
      .from(adminUsers)
      .where(
        lookup.username === undefined && lookup.refreshHash !== undefined
          ? eq(
              adminUsers.id,
              sql`(SELECT ${oauthRefreshTokens.userId} FROM ${oauthRefreshTokens} WHERE ${oauthRefreshTokens.tokenHash} = ${lookup.refreshHash})`,
            )
          : eq(adminUsers.usernameCanonical, (lookup.username ?? "").toLowerCase()),
      )
      .limit(1);
    const refresh = this.db
      .select()
      .from(oauthRefreshTokens)
      .where(eq(oauthRefreshTokens.tokenHash, lookup.refreshHash ?? ""))
      .limit(1);
    const found = await namedBatch(this.db, { client, user, refresh });
    return { client: found.client[0], user: found.user[0], refreshToken: found.refresh[0] };
  }

  /** One atomic round trip: a new access token and, if given, a refresh token. */
  async issue(clientId: number, userId: number | null, tokens: IssuedTokenHashes): Promise<void> {
    const access = this.db
      .insert(oauthAccessTokens)
      .values({ tokenHash: tokens.accessHash, clientId, userId, expiresAt: tokens.accessExpiresAt, scopes: tokens.scopes });
    if (tokens.refreshHash && tokens.refreshExpiresAt) {
      const refresh = this.db
        .insert(oauthRefreshTokens)
        .values({ tokenHash: tokens.refreshHash, clientId, userId, expiresAt: tokens.refreshExpiresAt, scopes: tokens.scopes });
      await namedBatch(this.db, { access, refresh });
    } else {
      await access.run();
    }
  }

  /**
   * Rotates a refresh token in one atomic batch: the new tokens are derived
   * from the old row (so they are created only while it still exists), then
   * the old one is deleted. Returns false when another request rotated it
   * first.
   */
  async rotate(oldRefreshHash: string, clientId: number, tokens: Required<IssuedTokenHashes>): Promise<boolean> {
    // drizzle's insert().select() wants every column of the table, in table
    // order (raw `sql` statements with parameters cannot be batched by drizzle).
    // The new tokens hold the scopes granted now (the old token's, or fewer).
    const copied = (hash: string, expiresAt: number) => ({
      id: sql<number>`NULL`.as("id"),
      tokenHash: sql<string>`${hash}`.as("token_hash"),
      clientId: oauthRefreshTokens.clientId,
      userId: oauthRefreshTokens.userId,
      expiresAt: sql<number>`${expiresAt}`.as("expires_at"),
      createdAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
      scopes: sql<string | null>`${tokens.scopes}`.as("scopes"),
    });
    const oldToken = and(eq(oauthRefreshTokens.tokenHash, oldRefreshHash), eq(oauthRefreshTokens.clientId, clientId));
    // The access token's copy of its client's scopes is written by its insert trigger (src/data/triggers/token-scopes.ts).
    const accessRow = { ...copied(tokens.accessHash, tokens.accessExpiresAt), clientScopes: sql<string | null>`NULL`.as("client_scopes") };
    const insertAccess = this.db.insert(oauthAccessTokens).select(this.db.select(accessRow).from(oauthRefreshTokens).where(oldToken));
    const insertRefresh = this.db
      .insert(oauthRefreshTokens)
      .select(this.db.select(copied(tokens.refreshHash, tokens.refreshExpiresAt)).from(oauthRefreshTokens).where(oldToken));
    const deleteOld = this.db
      .delete(oauthRefreshTokens)
      .where(eq(oauthRefreshTokens.tokenHash, oldRefreshHash))
      .returning({ id: oauthRefreshTokens.id });
    const { deleted } = await namedBatch(this.db, { insertAccess, insertRefresh, deleted: deleteOld });
    return deleted.length === 1;
  }
}
