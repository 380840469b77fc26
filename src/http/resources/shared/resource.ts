/**
 * One implementation of the create/read/update/delete mechanics of a
 * resource; a resource declares only its shape (`ResourceShape`): its forms,
 * its reads, its writes, its in-use rule and its documentation. It is
 * identified by a code in its URL unless it declares another `identifier`
 * (an id, a compound key), and may live under a `parent` resource
 * (`/promotions/{promotionCode}/coupons/`).
 *
 * Each request costs what it always cost: the handler's first read goes
 * through `firstBatch` (where the token check joins it); a create writes and
 * reads its representation back in a second batch, an update or delete
 * writes in a second batch. Sylius' answers:
 *
 * - GET one, PUT/PATCH, DELETE of an unknown code: 404 `<Noun> with code "X" does not exist.`
 *   (an identifier's own message; a malformed one answers it without a read).
 * - Under a missing parent: 404 `<Parent> with code "X" does not exist.` (the list, a create; the
 *   item routes when the parent says so), before any form error.
 * - POST of a taken code: 400 on `code` (also when a concurrent create took it).
 * - PUT without a body (or `{}`): 400 with the `emptyPut` fields' blank messages.
 * - PUT is the form submitted whole: a field it leaves out takes the update
 *   form's `cleared` value (`defineForm`); PATCH keeps it.
 * - DELETE while referenced (`inUse`): 409 `Cannot delete, the <noun> is in use.`
 *
 * Each committed create, update and delete writes its event
 * (`<resource>.created|updated|deleted`, `events`) in its write batch
 * (src/http/events.ts): the resource's URL and code (or id), and the fields
 * the request set. A refused request writes none: it never reaches its write,
 * and an in-use delete's event is conditional on the delete having happened.
 */
import { Hono, type Context } from "hono";
import type { SQL, SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { AppEnv } from "../../context";
import { isEmptyBody, rethrowOutOfRange, rethrowUniqueViolation, validateForm, type Form, type FormResult } from "../../form";
import { CODE_PATTERN } from "../../fields";
import { conflict, notFound } from "../../errors";
import { firstBatch } from "../../first-batch";
import { listPage, type ListSpec } from "../../list-page";
import type { ListCounter } from "../../../data/list-page";
import { enc } from "../../serializers/links";
import { MSG } from "../../../domain/messages";
import { isForeignKeyViolation } from "../../../data/constraints";
import { deleteUnlessInUse, namedBatch, type NamedQueries, type NamedResults, type Statement } from "../../../data/batch";
import type { Database } from "../../../data/db";
import { shopLocaleCodes } from "../../../data/queries/product-options";
import { crudDocs, describeRoute, listSpecOf, type CrudSpec, type OperationMeta } from "../../openapi/describe";
import { deleteById } from "../../../data/queries/table-writes";
import { apiHref, recordEvents } from "../../events";
import { changedFields, resourceEventType } from "../../../domain/events/changes";
import type { EventResource } from "../../../domain/events/types";
import type { EventResourceRef } from "../../../domain/events/event";

type ResourceTable = SQLiteTable & { id: SQLiteColumn };
type FormShape = Record<string, z.ZodType>;
/** The ids of a list's page (a subquery, or a deep page's list), or of the one resource read by code: what its parts are read through. */
export type Ids = SQLWrapper;

/** What a write knows of its request besides the form. */
export interface Submission<V = undefined, P = undefined> {
  /** Which of the create paths was posted to (`create.at`); undefined elsewhere. */
  variant: V;
  /** The parsed JSON body (`{}` when empty). */
  body: unknown;
  /** PATCH: sent collections merge where the resource says so (PUT replaces them). */
  merge: boolean;
  /** A PUT without a body (or with `{}`): the form submitted empty. */
  emptyPut: boolean;
  /** The parent's code in the URL (`""` without a parent). */
  parentCode: string;
  /** A create's parent row (read with its checks); undefined elsewhere and without a parent. */
  parent: P | undefined;
}

/** How the URL names one resource (default: its code, `/:code`). */
export interface Identifier<K> {
  /** The path parameter: `code`, `id`, `pair`. */
  param: string;
  /** The key of the parameter's text; undefined when it is malformed (a 404 without a read). */
  parse: (text: string) => K | undefined;
  /** The 404's message for the parameter's text. */
  missing: (text: string) => string;
}

/** The resource a nested resource lives under (`/promotions/{promotionCode}/coupons/`). */
export interface Parent<P> {
  /** The parent's path parameter (`promotionCode`). */
  param: string;
  /** The parent's row by its code: read with a list and a create (the create's checks and writes get it), 404 when none. */
  byCode: (db: Database, code: string) => Statement<P[]>;
  /** The 404's message for a missing parent. */
  missing: (code: string) => string;
  /** The item routes (GET one, PUT/PATCH, DELETE) read the parent too, its 404 first; else the item's reads are scoped to the parent's code and a missing parent is a missing item. */
  items?: boolean;
}

/**
 * Row: what `byCode` reads; CS, US: the create and update forms; Q: the list's
 * select; LP, OR, CR, UR: the reads of a list's parts, of one resource, of a
 * create's and an update's checks; CP, UP: what the checks hand the writes;
 * V: the variant of a create path; K: the identifier's key (a code); P: the parent's row.
 */
// prettier-ignore
export interface ResourceShape<Row extends { id: number }, CS extends FormShape, US extends FormShape, Q extends SQLiteSelect & Statement, LP extends NamedQueries, OR extends NamedQueries, CR extends NamedQueries, CP, UR extends NamedQueries, UP, V = undefined, K = string, P = undefined> {
  /** `Tax rate`: `Tax rate with code "X" does not exist.`, `Cannot delete, the tax rate is in use.` */
  noun: string;
  /** The resource's table (its list, its delete). */
  table: ResourceTable;
  /** How the URL names one resource (default: its code). */
  identifier?: Identifier<K>;
  parent?: Parent<P>;
  /** The row of a key (under the parent's code): what an update or delete acts on, what a create's code must not match (unless `create.taken`). */
  byCode: (db: Database, key: K, parentCode: string) => Statement<Row[]>;
  /** A well-formed code (letters, digits, `-`, `_`) must also match this, else `This value is not valid.` (create and update). */
  codeShape?: RegExp;
  /** `path`: the list's path below `/api/v1/`, with the parent's parameter as `{promotionCode}`. */
  docs: Omit<CrudSpec, "create" | "update" | "list" | "deleteConflict" | "noun" | "nested"> & { path: string };
  list: {
    spec: ListSpec<string, string>;
    /** `listRows(db, table, columns)`: the page's rows (without it, `parts` read them, `items` get none). */
    select?: (db: Database) => Q;
    /** The parent's rows of the table and their counter row (with a parent). */
    scope?: (db: Database, parentCode: string) => ListScope;
    /** The page's rows and its count in one batch at any depth (a list of one statement walks its offset once anyway); without parts only. */
    oneBatch?: boolean;
    /** What is read with the page's rows, through their ids (in the list's `orderBy`, for parts that read the rows themselves). */
    parts?: (db: Database, ids: Ids, orderBy: SQL[]) => LP;
    items: (rows: NoInfer<Awaited<Q>>, parts: NamedResults<LP>, parentCode: string) => unknown[];
  };
  /** The reads of one resource's representation (GET, and a create's read-back). */
  one: {
    reads: (db: Database, key: K, parentCode: string) => OR;
    /** The representation, undefined when the key matched nothing. */
    item: (found: NamedResults<OR>, parentCode: string) => unknown;
  };
  create: {
    /** The paths a create is posted to, each with a variant its stages get (default: `POST /` alone). */
    at?: readonly { path: string; variant: V; docs: (create: OperationMeta) => OperationMeta }[];
    form: Form<CS>;
    /** The `code` message of a taken code (a form with a `code`): checked against `taken` (default: `byCode`). */
    unique?: string;
    /** The row holding a code when codes are unique beyond the parent (coupons: across promotions). */
    taken?: (db: Database, code: string) => Statement<unknown[]>;
    /** What the checks read, besides the code's row. */
    reads?: (db: Database, values: FormResult<CS>["values"], submission: Submission<V, P>) => CR;
    /** The checks that need data (failures go to `result`); returns what the writes need (may await, e.g. a hash). */
    check: (result: FormResult<CS>, found: NamedResults<CR>, submission: Submission<V, P>) => CP | Promise<CP>;
    /** The insert's statements, run in order, before the read-back; `code` is the form's (`""` without one). */
    writes: (db: Database, code: string, plan: CP, result: FormResult<CS>, submission: Submission<V, P>) => NamedQueries;
    /** The read-back, when it is not `one.reads` of the form's code (read by what the insert wrote). */
    back?: (db: Database, plan: CP, result: FormResult<CS>, submission: Submission<V, P>) => OR;
    /** What names the new resource for an `Idempotency-Key`'s replay, when not the body's `code`: an SQL scalar of its id. */
    locate?: (result: FormResult<CS>, plan: CP) => SQL;
    /** A position computed with `boundedNext`: its NOT NULL refusal is the field's 400. */
    outOfRange?: { field: keyof CS & string; column: string };
    /** A UNIQUE violation of the insert (a concurrent create): the form's 400 (default: `unique` on `code`). */
    rethrow?: (error: unknown, result: FormResult<CS>) => void;
  };
  update: {
    form: Form<US>;
    /** What the checks read, besides the row of the URL's key. */
    reads?: (db: Database, key: K, values: FormResult<US>["values"], submission: Submission<undefined, P>) => UR;
    /** An empty PUT fails these fields with these messages. */
    emptyPut?: Partial<Record<keyof US & string, string>>;
    /** A PUT (Symfony's form submitted whole) fails these fields with these messages when it leaves them out. */
    putRequires?: Partial<Record<keyof US & string, string>>;
    /** The checks that need data (after `putRequires`); may await (a hash). */
    check: (result: FormResult<US>, found: NamedResults<UR>, row: Row, submission: Submission<undefined, P>) => UP | Promise<UP>;
    writes: (db: Database, row: Row, plan: UP, result: FormResult<US>, submission: Submission<undefined, P>) => Statement[];
    /** A write that refuses NULL in `column` (a guard that found the data changed since the read): 409 `message` (declare it in `docs.updateConflict`). */
    conflict?: { column: string; message: string };
    /** A UNIQUE violation of the writes (a concurrent update took a value): the form's 400. */
    rethrow?: (error: unknown, result: FormResult<US>) => void;
    /** The row is among `reads` (which then read it by the key, undefined: 404): `byCode` is not read for an update. */
    rowOf?: (found: NamedResults<UR>) => Row | undefined;
  };
  /** Reads joined to a delete's row: DELETE answers 409 `Cannot delete, the <noun> is in use.` when one has rows (and when `deletes` breaks a FOREIGN KEY); not with `inUse`. */
  inUseReads?: (db: Database, key: K, parentCode: string) => Record<string, Statement<unknown[]>>;
  /** An SQL boolean: the resource is referenced (DELETE answers 409). Without it a delete always deletes. */
  inUse?: (row: Row) => SQL;
  /** A delete's statements when it is more than the row's DELETE (taxons renumber their tree); not with `inUse`. */
  deletes?: (db: Database, row: Row) => Statement[];
  /**
   * Its events: the resource's name (`tax_rate`: `tax_rate.created`, ...),
   * and how they name it when the URL's key is not its code or id: `key`,
   * the URL key of a row (exchange rates: `EUR-USD`); `created`, a create's
   * (default: the form's code; by id, `create.locate`'s SQL of the new id).
   */
  events: {
    resource: EventResource;
    key?: (row: Row) => string;
    created?: (plan: CP, result: FormResult<CS>) => { key: string } | { newId: SQL };
  };
  /** A delete the caller may not make (users: its own user): `refuse` throws the answer; `docs` declares it. */
  guardDelete?: { refuse: (row: Row, c: Context<AppEnv>) => void; docs: (meta: OperationMeta) => OperationMeta };
}

/** A nested list's rows (`where`) and the counter row of its unfiltered total. */
export interface ListScope {
  where: SQL;
  counter: ListCounter;
}

/** The code field of a form, if it has one. */
const codeField = <S extends FormShape>(form: Form<S>) => form.fields.find((field) => field === "code");
const codeOf = (values: object): unknown => ("code" in values ? values.code : undefined);

/** The routes of a resource (list, create, get, PUT/PATCH, delete) with their documentation. */
// prettier-ignore
/**
 * A failed form that sent `translations` lists a sub-form for every locale
 * of the shop, as Sylius' translations form builds them: one bounded read,
 * on the error path only.
 */
async function listShopLocales(db: Database, result: Pick<FormResult<FormShape>, "listsLocales" | "fillLocales">): Promise<void> {
  if (!result.listsLocales) return;
  result.fillLocales((await shopLocaleCodes(db)).map((row) => row.code));
}

export function resourceRoutes<Row extends { id: number }, CS extends FormShape, US extends FormShape, Q extends SQLiteSelect & Statement, LP extends NamedQueries, OR extends NamedQueries, CR extends NamedQueries, CP, UR extends NamedQueries, UP, V = undefined, K = string, P = undefined>(shape: ResourceShape<Row, CS, US, Q, LP, OR, CR, CP, UR, UP, V, K, P>) {
  const { table, list, one, create, update, parent } = shape;
  const noun = shape.noun.toLowerCase();
  const identifier: Identifier<K> = shape.identifier ?? {
    param: "code",
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The default key is the code: K is string.
    parse: (text) => text as K,
    missing: (code) => `${shape.noun} with code "${code}" does not exist.`,
  };
  const param = identifier.param;
  const docs = crudDocs({
    ...shape.docs,
    noun,
    create: create.form,
    update: update.form,
    list: listSpecOf(list.spec),
    deleteConflict: shape.inUse !== undefined || shape.inUseReads !== undefined,
    ...(parent ? { nested: true } : {}),
  });

  const parentCodeOf = (c: Context<AppEnv>) => (parent ? (c.req.param(parent.param) ?? "") : "");
  /** The parent's 404 when its rows are empty (nothing without a parent, or when it was not read). */
  const assertParent = (rows: readonly P[] | undefined, code: string): P | undefined => {
    if (parent && rows && !rows[0]) throw notFound(parent.missing(code));
    return rows?.[0];
  };
  /** The URL's key, or its 404 when it is malformed. */
  const keyOf = (c: Context<AppEnv>) => {
    const text = c.req.param(param) ?? "";
    const key = identifier.parse(text);
    if (key === undefined) throw notFound(identifier.missing(text));
    return { text, key };
  };
  /** The resource's collection URL (under its parent's code), with its trailing slash. */
  const collectionHref = (parentCode: string) => apiHref(`${shape.docs.path.replace(`{${parent?.param ?? ""}}`, enc(parentCode))}/`);
  const byId = param === "id";
  /** How an event names a stored resource (its row; `text`: the URL's key). */
  const refOf = (row: Row, text: string, parentCode: string): EventResourceRef => {
    const key = shape.events.key?.(row) ?? text;
    return byId ? { href: `${collectionHref(parentCode)}${row.id}`, id: row.id } : { href: `${collectionHref(parentCode)}${enc(key)}`, code: key };
  };
  const eventType = (change: "created" | "updated" | "deleted") => resourceEventType(shape.events.resource, change);
  const submission = <T>(c: Context<AppEnv>, variant: T): Submission<T, P> => {
    const body = c.get("body");
    const merge = c.req.method === "PATCH";
    return { variant, body, merge, emptyPut: !merge && c.req.method === "PUT" && isEmptyBody(body), parentCode: parentCodeOf(c), parent: undefined };
  };
  /** Characters outside letters, digits, dashes and underscores get the form's code message; a well-formed code of the wrong shape gets "This value is not valid.". */
  const checkCodeShape = <S extends FormShape>(result: FormResult<S>, field: (keyof S & string) | undefined) => {
    const code = codeOf(result.values);
    if (field && shape.codeShape && typeof code === "string" && CODE_PATTERN.test(code) && !shape.codeShape.test(code)) result.fail(field, MSG.invalid);
  };
  const createCode = codeField(create.form);
  /** The reads of the row holding a code a create wants. */
  const takenBy = (db: Database, code: string, parentCode: string) => {
    if (create.taken) return create.taken(db, code);
    const key = identifier.parse(code);
    return key === undefined ? undefined : shape.byCode(db, key, parentCode);
  };

  /** The read-back of a create by the form's code (`create.back` otherwise). */
  const createdByCode = (db: Database, code: unknown, parentCode: string) => {
    const key = typeof code === "string" ? identifier.parse(code) : undefined;
    if (key === undefined) throw new Error(`A valid ${noun} form has a code (or the resource declares create.back).`);
    return one.reads(db, key, parentCode);
  };

  const createHandler = async (c: Context<AppEnv>, variant: V) => {
    const db = c.get("db");
    const sent = submission(c, variant);
    const result = validateForm(create.form, sent.body);
    checkCodeShape(result, createCode);
    const code = codeOf(result.values);
    const known = createCode && create.unique !== undefined && typeof code === "string" && result.isValid(createCode) ? code : undefined;
    const { parent: parentRows, existing, found } = await firstBatch(c, {
      parent: parent?.byCode(db, sent.parentCode),
      existing: known === undefined ? undefined : takenBy(db, known, sent.parentCode),
      found: create.reads?.(db, result.values, sent) ?? {},
    });
    sent.parent = assertParent(parentRows, sent.parentCode);
    if (createCode && create.unique !== undefined && existing && existing.length > 0) result.fail(createCode, create.unique);
    // The reads of an absent `reads` are `{}`: the checks see an empty result.
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- `found` is the results of `create.reads` (or `{}` without them): NamedResults<CR>, which the batch's conditional result type hides for a generic CR.
    const plan = await create.check(result, found as NamedResults<CR>, sent);
    await listShopLocales(db, result);
    result.assertValid();
    const back = create.back?.(db, plan, result, sent) ?? createdByCode(db, code, sent.parentCode);
    const located = create.locate?.(result, plan);
    if (located) c.get("idempotency")?.locate(located);
    const named = shape.events.created?.(plan, result) ?? (byId && located ? { newId: located } : { key: typeof code === "string" ? code : "" });
    const fields = changedFields({}, result.values);
    if ("newId" in named) {
      recordEvents(c, [{ type: eventType("created"), resource: { href: collectionHref(sent.parentCode), id: 0 }, sequence: null, data: fields }], { newId: named.newId });
    } else {
      const resource = { href: `${collectionHref(sent.parentCode)}${enc(named.key)}`, code: named.key };
      recordEvents(c, [{ type: eventType("created"), resource, sequence: null, data: { code: named.key, ...fields } }]);
    }
    try {
      const [, read] = await namedBatch(db, back, create.writes(db, typeof code === "string" ? code : "", plan, result, sent));
      const item = one.item(read, sent.parentCode);
      if (item === undefined) throw new Error(`${shape.noun} was not read back after its insert.`);
      return c.json(item, 201);
    } catch (error) {
      if (create.outOfRange) rethrowOutOfRange(error, result, create.outOfRange.field, create.outOfRange.column);
      create.rethrow?.(error, result);
      if (createCode && create.unique !== undefined) rethrowUniqueViolation(error, result, createCode, create.unique);
      throw error;
    }
  };
  const routes = new Hono<AppEnv>({ strict: false });
  routes.get("/", describeRoute(docs.list), async (c) => {
    const db = c.get("db");
    const parentCode = parentCodeOf(c);
    const page = listPage(db, table, c.req.url, list.spec, list.scope?.(db, parentCode));
    const parentRows = parent?.byCode(db, parentCode);
    const path = `/api/v1/${shape.docs.path.replace(`{${parent?.param ?? ""}}`, enc(parentCode))}/`;
    if (list.oneBatch && list.select) {
      const read = await firstBatch(c, { parent: parentRows, counted: page.count, rows: page.rows(list.select(db)) });
      assertParent(read.parent, parentCode);
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The rows of `select`: Awaited<Q>, hidden for a generic Q by the batch's conditional result type.
      return c.json(page.envelope(path, read.counted, list.items(read.rows as Awaited<Q>, {} as NamedResults<LP>, parentCode)));
    }
    // A deep page reads its ids first (one walk of the offset) when parts select by them too.
    const {
      counted,
      items: { rows, parts, parent: parentRead },
    } = await page.read(c, (at) => ({ parent: parentRows, rows: list.select ? at.rows(list.select(db)) : undefined, parts: list.parts?.(db, at.ids, page.orderBy) ?? {} }));
    assertParent(parentRead, parentCode);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The rows of `select` (Awaited<Q>; none without it) and the results of `parts` (or `{}` without them), hidden for generic Q and LP as above.
    return c.json(page.envelope(path, counted, list.items((rows ?? []) as Awaited<Q>, parts as NamedResults<LP>, parentCode)));
  });
  if (create.at) for (const { path, variant, docs: at } of create.at) routes.post(path, describeRoute(at(docs.create)), (c) => createHandler(c, variant));
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Without `create.at`, V is `undefined`: the one create path has no variant.
  else routes.post("/", describeRoute(docs.create), (c) => createHandler(c, undefined as V));
  /** The parent's read of an item route (when the parent says so). */
  const itemParent = (db: Database, parentCode: string) => (parent?.items ? parent.byCode(db, parentCode) : undefined);
  routes.get(`/:${param}`, describeRoute(docs.get), async (c) => {
    const db = c.get("db");
    const { text, key } = keyOf(c);
    const parentCode = parentCodeOf(c);
    const read = await firstBatch(c, { parent: itemParent(db, parentCode), found: one.reads(db, key, parentCode) });
    assertParent(read.parent, parentCode);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The results of `one.reads`: NamedResults<OR>, hidden for a generic OR as above.
    const item = one.item(read.found as NamedResults<OR>, parentCode);
    if (item === undefined) throw notFound(identifier.missing(text));
    return c.json(item);
  });
  routes.on(["PUT", "PATCH"], `/:${param}`, describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.get("db");
    const sent = submission(c, undefined);
    const result = validateForm(update.form, sent.body);
    // A PUT is Sylius' form submitted whole: what it leaves out is cleared (before the reads, which may depend on the values).
    if (!sent.merge) result.clearMissing();
    const { text, key } = keyOf(c);
    const {
      parent: parentRows,
      row: rows,
      found,
    } = await firstBatch(c, {
      parent: itemParent(db, sent.parentCode),
      row: update.rowOf ? undefined : shape.byCode(db, key, sent.parentCode),
      found: update.reads?.(db, key, result.values, sent) ?? {},
    });
    assertParent(parentRows, sent.parentCode);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- As below: the results of `update.reads`, NamedResults<UR>.
    const row = update.rowOf ? update.rowOf(found as NamedResults<UR>) : rows?.[0];
    if (!row) throw notFound(identifier.missing(text));
    // The code is the identity of the resource: like Sylius' disabled code
    // field, a submitted code is validated but never changes the resource.
    checkCodeShape(result, codeField(update.form));
    for (const field of update.form.fields) {
      const required = sent.merge ? undefined : update.putRequires?.[field];
      if (required !== undefined && result.values[field] === undefined && result.isValid(field)) result.fail(field, required);
    }
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- As in a create: the results of `update.reads`, NamedResults<UR>.
    const plan = await update.check(result, found as NamedResults<UR>, row, sent);
    if (sent.emptyPut) {
      for (const field of update.form.fields) {
        const message = update.emptyPut?.[field];
        if (message !== undefined) result.fail(field, message);
      }
    }
    await listShopLocales(db, result);
    result.assertValid();
    const resource = refOf(row, text, sent.parentCode);
    const identity = "code" in resource ? { id: row.id, code: resource.code } : { id: row.id };
    recordEvents(c, [{ type: eventType("updated"), resource, sequence: null, data: changedFields(identity, result.values) }]);
    try {
      await namedBatch(db, { writes: update.writes(db, row, plan, result, sent) });
    } catch (error) {
      const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
      if (update.conflict && text.includes(`NOT NULL constraint failed: ${update.conflict.column}`)) throw conflict(update.conflict.message);
      update.rethrow?.(error, result);
      throw error;
    }
    return c.body(null, 204);
  });
  routes.delete(`/:${param}`, describeRoute(shape.guardDelete ? shape.guardDelete.docs(docs.delete) : docs.delete), async (c) => {
    const db = c.get("db");
    const { text, key } = keyOf(c);
    const parentCode = parentCodeOf(c);
    const {
      parent: parentRows,
      row: [row],
      using,
    } = await firstBatch(c, { parent: itemParent(db, parentCode), row: shape.byCode(db, key, parentCode), using: shape.inUseReads?.(db, key, parentCode) ?? {} });
    assertParent(parentRows, parentCode);
    if (!row) throw notFound(identifier.missing(text));
    shape.guardDelete?.refuse(row, c);
    const inUse = `Cannot delete, the ${noun} is in use.`;
    if (Object.values(using).some((rows) => rows.length > 0)) throw conflict(inUse);
    const resource = refOf(row, text, parentCode);
    const identity = "code" in resource ? { id: row.id, code: resource.code } : { id: row.id };
    // The in-use delete is conditional (its last statement): so is its event.
    recordEvents(c, [{ type: eventType("deleted"), resource, sequence: null, data: changedFields(identity) }], { ifChanged: shape.inUse !== undefined });
    if (shape.inUse) await deleteUnlessInUse(db, table, row.id, shape.inUse(row), inUse);
    else {
      try {
        await namedBatch(db, { deletes: shape.deletes?.(db, row) ?? [deleteById(db, table, row.id)] });
      } catch (error) {
        // A reference made since the reads above.
        if (shape.inUseReads && isForeignKeyViolation(error)) throw conflict(inUse);
        throw error;
      }
    }
    return c.body(null, 204);
  });
  return routes;
}

/** The reads of a resource that is one row, and its representation (`ResourceShape.one`). */
export const oneRow = <Row>(byCode: (db: Database, code: string) => Statement<Row[]>, serialize: (row: Row) => unknown) => ({
  reads: (db: Database, code: string) => ({ rows: byCode(db, code) }),
  item: ({ rows: [row] }: { rows: Row[] }) => (row === undefined ? undefined : serialize(row)),
});

/**
 * The reads of a resource whose representation needs parts read through its
 * ids (translations, channels): the list's `parts` and `items`, and `one`.
 */
export function withParts<Row, P extends NamedQueries>(
  byCode: (db: Database, code: string) => Statement<Row[]>,
  idsOfCode: (db: Database, code: string) => SQLWrapper,
  parts: (db: Database, ids: SQLWrapper) => P,
  represent: (rows: Row[], parts: NamedResults<P>) => unknown[],
) {
  return {
    list: { parts, items: represent },
    one: {
      reads: (db: Database, code: string) => ({ rows: byCode(db, code), parts: parts(db, idsOfCode(db, code)) }),
      item: (found: { rows: Row[]; parts: NamedResults<P> }) => represent(found.rows, found.parts)[0],
    },
  };
}
