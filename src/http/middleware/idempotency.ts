/**
 * `Idempotency-Key` on the API's writes (POST, PUT, PATCH, DELETE): a retry
 * of a request that already went through gets the first outcome again, with
 * `Idempotent-Replayed: true`, and nothing is applied twice.
 *
 * Cost: none of its own. The record lookup rides along the request's first
 * D1 batch (with the token check), and the record is written in the same
 * batch as the change (see metered-d1.ts, "claim"), so a Worker that dies
 * mid-request leaves the change and its record both committed or both not.
 * A request refused before it wrote anything (validation, 404, 409) leaves no
 * record: the client may fix it and retry with the same key. Cart changes
 * are handed to the cart's Durable Object, which does the same in its own
 * batches (the cart gateway delegates the claim).
 *
 * Replays re-render: a 201 answers the created resource as a GET of it
 * answers now (the record keeps its code or id, never a body); a 204 has no
 * body. The key salts the body's fingerprint, so a record holds no secret.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { SQL } from "drizzle-orm";
import type { AppEnv } from "../context";
import { errorResponse, HttpError } from "../errors";
import { namedBatch } from "../../data/batch";
import type { Claim, D1Meter, MeteredD1 } from "../../data/metered-d1";
import {
  idempotencyForgetQuery,
  idempotencyLookupQuery,
  idempotencyRecordQueries,
  idempotencyResourceQuery,
  isKeyTaken,
  type KeyedRequest,
  type StoredOutcome,
  rawStatement,
} from "../../data/idempotency";
import {
  IDEMPOTENCY_KEY,
  IDEMPOTENT_REPLAYED,
  IdempotentReplay,
  judge,
  KEYED_METHODS,
  keyedRequest,
  keyInFlight,
  KeyTakenMeanwhile,
  malformedKey,
  parseKey,
  type KeyedCall,
} from "../idempotency/keys";
import { setResponseHeader } from "./request-id";
import { requestErrorOf } from "./app-errors";

/** Answers a GET of `path` for the request `c` (the app itself, with the request's credentials): how a 201 is re-rendered. */
export type RenderResource<E extends AppEnv> = (c: Context<E>, path: string) => Promise<Response>;

class Call implements KeyedCall {
  replayed = false;
  resource: SQL | null = null;

  constructor(
    readonly request: KeyedRequest,
    readonly tokenHash: string,
  ) {}

  locate(resource: SQL): void {
    this.resource = resource;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A drizzle query as a statement of the raw D1 connection (the claim's statements ride below drizzle). */
const prepared = rawStatement;

/** The `code` of a create's body: what names the new resource when the handler locates nothing else. */
const bodyCode = (body: unknown): string | null =>
  body !== null && typeof body === "object" && "code" in body && typeof body.code === "string" ? body.code : null;

/** Generic over the env so that the app, typed with the entry's bindings, can hand it a renderer that uses them. */
export function idempotency<E extends AppEnv>(renderResource: RenderResource<E>) {
  return createMiddleware<E>(async (c, next) => {
    c.set("idempotency", null);
    const header = c.req.header(IDEMPOTENCY_KEY);
    if (header === undefined || !KEYED_METHODS.has(c.req.method)) return next();
    const key = parseKey(header);
    if (key === null) throw malformedKey();
    const request = await keyedRequest(key, c.req.method, c.req.path, c.get("body"));
    const call = new Call(request, c.get("tokenHash"));
    c.set("idempotency", call);
    const db = c.get("db");
    const claim: Claim = {
      lookup: idempotencyLookupQuery(db, call.tokenHash, key, nowSeconds()).toSQL(),
      verify: (result) => {
        // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The raw D1 rows of the key lookup, whose columns are StoredOutcome's.
        const outcome = judge((result.results as StoredOutcome[])[0], request);
        if (outcome) throw new IdempotentReplay(outcome);
      },
      record: {
        statements: (d1) => {
          const scope = c.get("auth");
          if (!scope) throw new Error("An idempotency record is written after the token check");
          const creates = request.method === "POST";
          const outcome = { status: creates ? 201 : 204, resource: creates && !call.resource ? bodyCode(c.get("body")) : null };
          const statements = idempotencyRecordQueries(db, request, scope, outcome, nowSeconds());
          return {
            first: statements.map((statement) => prepared(d1, statement)),
            last: call.resource ? [prepared(d1, idempotencyResourceQuery(db, key, scope, call.resource))] : [],
          };
        },
        onWriteFailure: (error) => (isKeyTaken(error) ? new KeyTakenMeanwhile() : error),
      },
    };
    const connection: MeteredD1 = c.get("d1");
    connection.setClaim(claim);
    await next();
    await settle(c, call, renderResource);
  });
}

/** After the handler: the replay, the race lost, the record of a refused change, the replay header. */
async function settle<E extends AppEnv>(c: Context<E>, call: Call, renderResource: RenderResource<E>): Promise<void> {
  const d1: MeteredD1 = c.get("d1");
  let error: unknown = requestErrorOf(c.error);
  if (d1.hasPendingLookup) {
    // The handler answered without reaching D1 (a form error, a malformed id): a
    // record of another request is still a 422, and the token check runs with it.
    try {
      await d1.verifyGuard();
    } catch (thrown) {
      error = thrown;
      if (thrown instanceof HttpError) replace(c, errorResponse(c, thrown));
    }
  }
  try {
    if (error instanceof IdempotentReplay) {
      replace(c, await replay(c, call, error.outcome, renderResource));
    } else if (error instanceof KeyTakenMeanwhile) {
      // Another request with this key committed first: this one rolled back; answer the winner's outcome.
      const { found } = await namedBatch(c.get("db"), { found: idempotencyLookupQuery(c.get("db"), call.tokenHash, call.request.key, nowSeconds()) });
      const outcome = judge(found[0], call.request);
      replace(c, outcome ? await replay(c, call, outcome, renderResource) : errorResponse(c, keyInFlight()));
    }
  } catch (thrown) {
    if (!(thrown instanceof HttpError)) throw thrown;
    replace(c, errorResponse(c, thrown));
  }
  const scope = c.get("auth");
  if (d1.claimRecorded && scope && c.res.status >= 400 && c.res.status < 500) {
    // The write committed but the handler refused the change (a lost compare-and-set, a row in use):
    // nothing was applied, so the key must not replay a success.
    await namedBatch(c.get("db"), { forgotten: idempotencyForgetQuery(c.get("db"), call.request.key, scope) });
  }
  if (call.replayed) setResponseHeader(c, IDEMPOTENT_REPLAYED, "true");
}

/** The stored outcome again: its status, and the created resource as it is now (a 201), or no body. */
async function replay<E extends AppEnv>(c: Context<E>, call: Call, outcome: StoredOutcome, renderResource: RenderResource<E>): Promise<Response> {
  call.replayed = true;
  if (outcome.resource === null) return new Response(null, { status: outcome.status });
  const current = await renderResource(c, `${call.request.path}/${encodeURIComponent(outcome.resource)}`);
  // The GET's D1 cost is this request's too (Server-Timing, the access log).
  const timing = /d1;dur=([\d.]+);desc="(\d+)"/.exec(current.headers.get("Server-Timing") ?? "");
  const meter: D1Meter = c.get("meter");
  if (timing) meter.add({ roundTrips: Number(timing[2]), durationMs: Number(timing[1]), rowsRead: 0, rowsWritten: 0 });
  // Gone since (deleted): the replay says so as a GET would.
  if (current.status !== 200) return current;
  return new Response(current.body, { status: outcome.status, headers: { "Content-Type": current.headers.get("Content-Type") ?? "application/json" } });
}


function replace<E extends AppEnv>(c: Context<E>, response: Response): void {
  c.res = undefined;
  c.res = response;
}
