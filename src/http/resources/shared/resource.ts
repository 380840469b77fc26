/**
 * One implementation of the create/read/update/delete mechanics of a
 * resource identified by a code in its URL; a resource declares only its
 * shape (`ResourceShape`): its forms, its reads, its writes, its in-use rule
 * and its documentation.
 *
 * Each request costs what it always cost: the handler's first read goes
 * through `firstBatch` (where the token check joins it); a create writes and
 * reads its representation back in a second batch, an update or delete
 * writes in a second batch. Sylius' answers:
 *
 * - GET one, PUT/PATCH, DELETE of an unknown code: 404 `<Noun> with code "X" does not exist.`
 * - POST of a taken code: 400 on `code` (also when a concurrent create took it).
 * - PUT without a body (or `{}`): 400 with the `emptyPut` fields' blank messages.
 * - DELETE while referenced (`inUse`): 409 `Cannot delete, the <noun> is in use.`
 */
import { Hono, type Context } from "hono";
import { eq, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { AppEnv } from "../../context";
import { isEmptyBody, rethrowOutOfRange, rethrowUniqueViolation, validateForm, type Form, type FormResult } from "../../form";
import { CODE_PATTERN } from "../../fields";
import { conflict, notFound } from "../../errors";
import { firstBatch } from "../../first-batch";
import { listPage, type ListSpec } from "../../list-page";
import { MSG } from "../../../domain/messages";
import { deleteUnlessInUse, namedBatch, type NamedQueries, type NamedResults, type Statement } from "../../../data/batch";
import type { Database } from "../../../data/db";
import { crudDocs, describeRoute, listSpecOf, type CrudSpec, type OperationMeta } from "../../openapi/describe";

type ResourceTable = SQLiteTable & { id: SQLiteColumn };
type CodeForm = Record<string, z.ZodType> & { code: z.ZodType };
/** The ids of a list's page (a subquery, or a deep page's list), or of the one resource read by code: what its parts are read through. */
export type Ids = SQLWrapper;

/** What a write knows of its request besides the form. */
export interface Submission<V = undefined> {
  /** Which of the create paths was posted to (`create.at`); undefined elsewhere. */
  variant: V;
  /** The parsed JSON body (`{}` when empty). */
  body: unknown;
  /** PATCH: sent collections merge where the resource says so (PUT replaces them). */
  merge: boolean;
  /** A PUT without a body (or with `{}`): the form submitted empty. */
  emptyPut: boolean;
}

/**
 * Row: what `byCode` reads; CS, US: the create and update forms; Q: the list's
 * select; LP, OR, CR, UR: the reads of a list's parts, of one resource, of a
 * create's and an update's checks; CP, UP: what the checks hand the writes;
 * V: the variant of a create path.
 */
// prettier-ignore
export interface ResourceShape<Row extends { id: number }, CS extends CodeForm, US extends CodeForm, Q extends SQLiteSelect & Statement, LP extends NamedQueries, OR extends NamedQueries, CR extends NamedQueries, CP, UR extends NamedQueries, UP, V = undefined> {
  /** `Tax rate`: `Tax rate with code "X" does not exist.`, `Cannot delete, the tax rate is in use.` */
  noun: string;
  /** The resource's table (its list, its delete). */
  table: ResourceTable;
  /** The row of a code: what an update or delete acts on, what a create's code must not match. */
  byCode: (db: Database, code: string) => Statement<Row[]>;
  /** A well-formed code (letters, digits, `-`, `_`) must also match this, else `This value is not valid.` (create and update). */
  codeShape?: RegExp;
  docs: Omit<CrudSpec, "create" | "update" | "list" | "deleteConflict" | "noun"> & { path: string };
  list: {
    spec: ListSpec<string, string>;
    /** `db.select(columns).from(table).$dynamic()`: the page's rows. */
    select: (db: Database) => Q;
    /** What is read with the page's rows, through their ids. */
    parts?: (db: Database, ids: Ids) => LP;
    items: (rows: NoInfer<Awaited<Q>>, parts: NamedResults<LP>) => unknown[];
  };
  /** The reads of one resource's representation (GET, and a create's read-back). */
  one: {
    reads: (db: Database, code: string) => OR;
    /** The representation, undefined when the code matched nothing. */
    item: (found: NamedResults<OR>) => unknown;
  };
  create: {
    /** The paths a create is posted to, each with a variant its stages get (default: `POST /` alone). */
    at?: readonly { path: string; variant: V; docs: (create: OperationMeta) => OperationMeta }[];
    form: Form<CS>;
    /** The `code` message of a taken code. */
    unique: string;
    /** What the checks read, besides the code's row. */
    reads?: (db: Database, values: FormResult<CS>["values"], submission: Submission<V>) => CR;
    /** The checks that need data (failures go to `result`); returns what the writes need. */
    check: (result: FormResult<CS>, found: NamedResults<CR>, submission: Submission<V>) => CP;
    /** The insert's statements, run in order, before the read-back. */
    writes: (db: Database, code: string, plan: CP, result: FormResult<CS>, submission: Submission<V>) => NamedQueries;
    /** A position computed with `boundedNext`: its NOT NULL refusal is the field's 400. */
    outOfRange?: { field: keyof CS & string; column: string };
  };
  update: {
    form: Form<US>;
    /** What the checks read, besides the row of the URL's `code`. */
    reads?: (db: Database, code: string, values: FormResult<US>["values"], submission: Submission) => UR;
    /** An empty PUT fails these fields with these messages. */
    emptyPut?: Partial<Record<keyof US & string, string>>;
    check: (result: FormResult<US>, found: NamedResults<UR>, row: Row, submission: Submission) => UP;
    writes: (db: Database, row: Row, plan: UP, result: FormResult<US>, submission: Submission) => Statement[];
    /** A write that refuses NULL in `column` (a guard that found the data changed since the read): 409 `message` (declare it in `docs.updateConflict`). */
    conflict?: { column: string; message: string };
  };
  /** An SQL boolean: the resource is referenced (DELETE answers 409). Without it a delete always deletes. */
  inUse?: (row: Row) => SQL;
  /** A delete's statements when it is more than the row's DELETE (taxons renumber their tree); not with `inUse`. */
  deletes?: (db: Database, row: Row) => Statement[];
}

/** The routes of a resource (list, create, get, PUT/PATCH, delete) with their documentation. */
// prettier-ignore
export function resourceRoutes<Row extends { id: number }, CS extends CodeForm, US extends CodeForm, Q extends SQLiteSelect & Statement, LP extends NamedQueries, OR extends NamedQueries, CR extends NamedQueries, CP, UR extends NamedQueries, UP, V = undefined>(shape: ResourceShape<Row, CS, US, Q, LP, OR, CR, CP, UR, UP, V>) {
  const { table, list, one, create, update } = shape;
  const missing = (code: string) => notFound(`${shape.noun} with code "${code}" does not exist.`);
  const noun = shape.noun.toLowerCase();
  const docs = crudDocs({
    ...shape.docs,
    noun,
    create: create.form,
    update: update.form,
    list: listSpecOf(list.spec),
    deleteConflict: shape.inUse !== undefined,
  });

  const submission = <T>(c: Context<AppEnv>, variant: T): Submission<T> => {
    const body = c.var.body;
    const merge = c.req.method === "PATCH";
    return { variant, body, merge, emptyPut: !merge && c.req.method === "PUT" && isEmptyBody(body) };
  };
  /** Characters outside letters, digits, dashes and underscores get the form's code message; a well-formed code of the wrong shape gets "This value is not valid.". */
  const checkCodeShape = (result: FormResult<CS> | FormResult<US>, code: unknown) => {
    if (shape.codeShape && typeof code === "string" && CODE_PATTERN.test(code) && !shape.codeShape.test(code)) result.fail("code", MSG.invalid);
  };

  const createHandler = async (c: Context<AppEnv>, variant: V) => {
    const db = c.var.db;
    const sent = submission(c, variant);
    const result = validateForm(create.form, sent.body);
    const code: unknown = result.values.code;
    checkCodeShape(result, code);
    const known = typeof code === "string" && result.isValid("code") ? code : undefined;
    const { existing, found } = await firstBatch(c, {
      existing: known === undefined ? undefined : shape.byCode(db, known),
      found: create.reads?.(db, result.values, sent) ?? {},
    });
    if (existing && existing.length > 0) result.fail("code", create.unique);
    // The reads of an absent `reads` are `{}`: the checks see an empty result.
    // `found` is the results of `create.reads` (or `{}` without them): NamedResults<CR>, which the batch's conditional result type hides for a generic CR.
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- `found` holds the results of `create.reads` (or `{}`): NamedResults<CR>, which the batch's conditional result type hides for a generic CR
    const plan = create.check(result, found as NamedResults<CR>, sent);
    result.assertValid();
    if (known === undefined) throw new Error("A valid create form has a code.");
    try {
      const [, back] = await namedBatch(db, one.reads(db, known), create.writes(db, known, plan, result, sent));
      const item = one.item(back);
      if (item === undefined) throw new Error(`${shape.noun} "${known}" was not read back after its insert.`);
      return c.json(item, 201);
    } catch (error) {
      if (create.outOfRange) rethrowOutOfRange(error, result, create.outOfRange.field, create.outOfRange.column);
      rethrowUniqueViolation(error, result, "code", create.unique);
    }
  };

  const routes = new Hono<AppEnv>({ strict: false });
  routes.get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, table, c.req.url, list.spec);
    // A deep page reads its ids first (one walk of the offset) when parts select by them too.
    const {
      counted,
      items: { rows, parts },
    } = await page.read(c, (at) => ({ rows: at.rows(list.select(db)), parts: list.parts?.(db, at.ids) ?? {} }));
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The rows of `select` (Awaited<Q>) and the results of `parts` (or `{}` without them), hidden for generic Q and LP as above.
    return c.json(page.envelope(`/api/v1/${shape.docs.path}/`, counted, list.items(rows as Awaited<Q>, parts as NamedResults<LP>)));
  });
  if (create.at) for (const { path, variant, docs: at } of create.at) routes.post(path, describeRoute(at(docs.create)), (c) => createHandler(c, variant));
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Without `create.at`, V is `undefined`: the one create path has no variant.
  else routes.post("/", describeRoute(docs.create), (c) => createHandler(c, undefined as V));
  routes.get("/:code", describeRoute(docs.get), async (c) => {
    const code = c.req.param("code");
    const item = one.item(await firstBatch(c, one.reads(c.var.db, code)));
    if (item === undefined) throw missing(code);
    return c.json(item);
  });
  routes.on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const sent = submission(c, undefined);
    const result = validateForm(update.form, sent.body);
    const {
      row: [row],
      found,
    } = await firstBatch(c, { row: shape.byCode(db, code), found: update.reads?.(db, code, result.values, sent) ?? {} });
    if (!row) throw missing(code);
    // The code is the identity of the resource: like Sylius' disabled code
    // field, a submitted code is validated but never changes the resource.
    checkCodeShape(result, result.values.code);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- As in a create: the results of `update.reads`, NamedResults<UR>.
    const plan = update.check(result, found as NamedResults<UR>, row, sent);
    if (sent.emptyPut) {
      for (const field of update.form.fields) {
        const message = update.emptyPut?.[field];
        if (message !== undefined) result.fail(field, message);
      }
    }
    result.assertValid();
    try {
      await namedBatch(db, { writes: update.writes(db, row, plan, result, sent) });
    } catch (error) {
      const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
      if (update.conflict && text.includes(`NOT NULL constraint failed: ${update.conflict.column}`)) throw conflict(update.conflict.message);
      throw error;
    }
    return c.body(null, 204);
  });
  routes.delete("/:code", describeRoute(docs.delete), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const {
      row: [row],
    } = await firstBatch(c, { row: shape.byCode(db, code) });
    if (!row) throw missing(code);
    if (shape.inUse) await deleteUnlessInUse(db, table, row.id, shape.inUse(row), `Cannot delete, the ${noun} is in use.`);
    else await namedBatch(db, { deletes: shape.deletes?.(db, row) ?? [db.delete(table).where(eq(table.id, row.id))] });
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
