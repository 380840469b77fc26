/**
 * An access token's copy of its client's scopes (`client_scopes`), which the
 * token check reads instead of the client's row (src/data/auth/token-live.ts):
 * one row less on every authenticated request. The copy is written with the
 * token, whoever inserts it, and rewritten on every token of a client whose
 * scopes change (through `oauth_access_tokens_client`), in the statement that
 * changes them: narrowing a client narrows its live tokens at once.
 */
import { oauthAccessTokens, oauthClients } from "../schema";
import { col, ref, tableName, type Trigger } from "./trigger";

export function tokenScopeTriggers(): Trigger[] {
  const tokens = tableName(oauthAccessTokens);
  const clients = tableName(oauthClients);
  const copy = col(oauthAccessTokens.clientScopes);
  const client = col(oauthAccessTokens.clientId);
  const scopes = col(oauthClients.scopes);
  return [
    {
      name: `${tokens}_client_scopes`,
      sql:
        `CREATE TRIGGER \`${tokens}_client_scopes\` AFTER INSERT ON \`${tokens}\` BEGIN\n` +
        `  UPDATE \`${tokens}\` SET ${copy} = (SELECT ${scopes} FROM \`${clients}\` WHERE \`id\` = ${ref("NEW", oauthAccessTokens.clientId)}) WHERE \`id\` = NEW.\`id\`;\nEND`,
    },
    {
      name: `${clients}_scopes_to_tokens`,
      sql:
        `CREATE TRIGGER \`${clients}_scopes_to_tokens\` AFTER UPDATE OF ${scopes} ON \`${clients}\` BEGIN\n` +
        `  UPDATE \`${tokens}\` SET ${copy} = ${ref("NEW", oauthClients.scopes)} WHERE ${client} = NEW.\`id\`;\nEND`,
    },
  ];
}
