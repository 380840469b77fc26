/**
 * Taxons: the nested-set trees (schema `taxons`) and their translations.
 *
 * Reads never walk a tree: a subtree is one range of the `(root_id,
 * tree_left)` index, an ancestor one primary-key lookup. Writes renumber one
 * tree with a fixed number of range UPDATEs; each statement reads the
 * positions it needs from the rows themselves (subqueries), so the batch is
 * right whatever ran between the request's read and its write.
 */
import { and, eq, getTableColumns, gt, inArray, isNull, lt, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../db";
import { channels, locales, products, productTaxons, taxons, taxonTranslations } from "../schema";
import { inJson } from "../conditions";
import type { Statement } from "../batch";

export const taxonColumns = {
  id: taxons.id,
  code: taxons.code,
  parentId: taxons.parentId,
  rootId: taxons.rootId,
  left: taxons.treeLeft,
  right: taxons.treeRight,
  level: taxons.treeLevel,
  position: taxons.position,
};

export type TaxonRow = {
  id: number;
  code: string;
  parentId: number | null;
  rootId: number | null;
  left: number;
  right: number;
  level: number;
  position: number;
};

export const taxonTranslationColumns = getTableColumns(taxonTranslations);

export type TaxonTranslationRow = {
  id: number;
  taxonId: number;
  locale: string;
  name: string;
  slug: string;
  description: string | null;
};

export interface TaxonTranslationInput {
  locale: string;
  name: string;
  slug: string;
  description: string | null;
}

export const taxonByCode = (db: Database, code: string) => db.select(taxonColumns).from(taxons).where(eq(taxons.code, code));

/**
 * Everything the detailed representation of the taxons `ids` selects shows
 * (Sylius' serializer: each taxon with its subtree; its root and parent
 * with their children; its grandparent): a few indexed reads, each bounded
 * by what is shown.
 */
export function taxonTreeReads(db: Database, ids: SQLWrapper) {
  const n = alias(taxons, "n");
  const p = alias(taxons, "p");
  const treeOfN = sql`coalesce(${n.rootId}, ${n.id})`;
  const shown = inArray(n.id, ids);
  const subtree = db
    .select(taxonColumns)
    .from(n)
    .innerJoin(taxons, and(eq(taxons.rootId, treeOfN), gt(taxons.treeLeft, n.treeLeft), lt(taxons.treeLeft, n.treeRight)))
    .where(shown);
  const around = db
    .select(taxonColumns)
    .from(n)
    .leftJoin(p, eq(p.id, n.parentId))
    .innerJoin(taxons, or(eq(taxons.id, n.id), eq(taxons.id, n.rootId), eq(taxons.id, n.parentId), eq(taxons.id, p.parentId)))
    .where(shown);
  const childrenOf = (column: typeof n.rootId | typeof n.parentId) => db.select(taxonColumns).from(n).innerJoin(taxons, eq(taxons.parentId, column)).where(shown);
  const shownIds = sql`SELECT ${n.id} FROM taxons n WHERE ${shown}
    UNION ALL SELECT ${n.rootId} FROM taxons n WHERE ${shown}
    UNION ALL SELECT ${n.parentId} FROM taxons n WHERE ${shown}
    UNION ALL SELECT ${taxons.id} FROM taxons n JOIN ${taxons} ON ${taxons.rootId} = ${treeOfN} AND ${taxons.treeLeft} > ${n.treeLeft} AND ${taxons.treeLeft} < ${n.treeRight} WHERE ${shown}`;
  return {
    subtree,
    around,
    rootChildren: childrenOf(n.rootId),
    siblings: childrenOf(n.parentId),
    translations: db.select(taxonTranslationColumns).from(taxonTranslations).where(inArray(taxonTranslations.taxonId, sql`(${shownIds})`)),
  };
}

/** The taxon `code` and what its detailed representation shows. */
export const taxonDetailReads = (db: Database, code: string) => ({
  node: taxonByCode(db, code),
  ...taxonTreeReads(db, db.select({ id: taxons.id }).from(taxons).where(eq(taxons.code, code))),
});

/** The rows `taxonTreeReads` read, together. */
export const treeRows = (found: { subtree: TaxonRow[]; around: TaxonRow[]; rootChildren: TaxonRow[]; siblings: TaxonRow[] }) => [
  ...found.around,
  ...found.rootChildren,
  ...found.siblings,
  ...found.subtree,
];

/**
 * What a list's items show besides themselves (the default representation:
 * each taxon's root, parent and grandparent, the translations of the taxons,
 * their roots and parents), read through the page's `ids`.
 */
export function taxonListParts(db: Database, ids: SQLWrapper) {
  const t = alias(taxons, "t");
  const p = alias(taxons, "p");
  const rootsAndParents = sql`SELECT ${t.rootId} FROM taxons t WHERE ${inArray(t.id, ids)} UNION ALL SELECT ${t.parentId} FROM taxons t WHERE ${inArray(t.id, ids)}`;
  const grandparents = sql`SELECT ${p.parentId} FROM taxons t JOIN taxons p ON ${p.id} = ${t.parentId} WHERE ${inArray(t.id, ids)}`;
  return {
    related: db
      .select(taxonColumns)
      .from(taxons)
      .where(inArray(taxons.id, sql`(${rootsAndParents} UNION ALL ${grandparents})`)),
    translations: db
      .select(taxonTranslationColumns)
      .from(taxonTranslations)
      .where(or(inArray(taxonTranslations.taxonId, ids), inArray(taxonTranslations.taxonId, sql`(${rootsAndParents})`))),
  };
}

/** The locales among `codes`, and the translations of other taxons holding one of the (locale, slug) pairs. */
export function taxonFormReads(db: Database, translations: readonly { locale: string; slug: string }[], parentCode: string | undefined) {
  const pairs = JSON.stringify(translations.map((t) => [t.locale, t.slug]));
  return {
    locales: db
      .select({ code: locales.code })
      .from(locales)
      .where(
        inJson(
          locales.code,
          translations.map((t) => t.locale),
        ),
      ),
    slugs: db
      .select({ taxonId: taxonTranslations.taxonId, locale: taxonTranslations.locale, slug: taxonTranslations.slug })
      .from(taxonTranslations)
      .where(
        sql`(${taxonTranslations.locale}, ${taxonTranslations.slug}) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${pairs}))`,
      ),
    parent: parentCode ? taxonByCode(db, parentCode) : undefined,
  };
}

/** The next position among the children of `parentId` (the roots when null), leaving out `except`. */
const nextPosition = (parentId: number | SQL | null, except?: number) => {
  const group = parentId === null ? isNull(taxons.parentId) : eq(taxons.parentId, parentId);
  return sql<number>`(SELECT coalesce(max(${taxons.position}) + 1, 0) FROM ${taxons} WHERE ${except === undefined ? group : and(group, ne(taxons.id, except))})`;
};

/** The rows of the tree whose root is `rootId` (the root included). */
const inTree = (rootId: number | SQL) => or(eq(taxons.rootId, rootId), eq(taxons.id, rootId));

/**
 * Inserts the taxon `code` as the last child of `parentId` (a new root when
 * null), renumbering its tree, with its translations.
 */
export function insertTaxon(db: Database, code: string, parentId: number | null, enabled: boolean, translations: readonly TaxonTranslationInput[]) {
  const statements: Statement[] = [];
  if (parentId === null) {
    statements.push(db.insert(taxons).values({ code, parentId: null, rootId: null, treeLeft: 1, treeRight: 2, treeLevel: 0, position: nextPosition(null), enabled }));
  } else {
    const parent = alias(taxons, "parent");
    const of = <T>(column: SQLWrapper) => sql<T>`(SELECT ${column} FROM taxons parent WHERE ${parent.id} = ${parentId})`;
    statements.push(
      db.insert(taxons).values({
        code,
        parentId,
        rootId: of<number>(sql`coalesce(${parent.rootId}, ${parent.id})`),
        treeLeft: of<number>(parent.treeRight),
        treeRight: of<number>(sql`${parent.treeRight} + 1`),
        treeLevel: of<number>(sql`${parent.treeLevel} + 1`),
        position: nextPosition(parentId),
        enabled,
      }),
    );
    // The new node's left is its parent's old right: every bound from there on moves by 2.
    const created = alias(taxons, "created");
    const at = sql`(SELECT ${created.treeLeft} FROM taxons created WHERE ${created.code} = ${code})`;
    const root = sql`(SELECT ${created.rootId} FROM taxons created WHERE ${created.code} = ${code})`;
    statements.push(
      db
        .update(taxons)
        .set({ treeLeft: sql`${taxons.treeLeft} + 2` })
        .where(and(eq(taxons.rootId, root), sql`${taxons.treeLeft} >= ${at}`, ne(taxons.code, code))),
      db
        .update(taxons)
        .set({ treeRight: sql`${taxons.treeRight} + 2` })
        .where(and(inTree(root), sql`${taxons.treeRight} >= ${at}`, ne(taxons.code, code))),
    );
  }
  if (translations.length > 0) statements.push(upsertTaxonTranslations(db, code, translations));
  return statements;
}

/** Inserts or replaces the translations of the taxon `code` by locale. */
export const upsertTaxonTranslations = (db: Database, code: string, translations: readonly TaxonTranslationInput[]) =>
  db
    .insert(taxonTranslations)
    .select(
      sql`SELECT NULL, t.id, json_extract(j.value, '$.locale'), json_extract(j.value, '$.name'), json_extract(j.value, '$.slug'), json_extract(j.value, '$.description')
          FROM ${taxons} t, json_each(${JSON.stringify(translations)}) j WHERE t.code = ${code}`,
    )
    .onConflictDoUpdate({
      target: [taxonTranslations.taxonId, taxonTranslations.locale],
      set: { name: sql`excluded.name`, slug: sql`excluded.slug`, description: sql`excluded.description` },
    });

/** The statements that replace (or merge, `merge`) the translations of `taxon`. */
export function taxonTranslationWrites(db: Database, taxon: { id: number; code: string }, translations: readonly TaxonTranslationInput[], merge: boolean) {
  const kept = translations.map((t) => t.locale);
  return [
    ...(merge ? [] : [db.delete(taxonTranslations).where(and(eq(taxonTranslations.taxonId, taxon.id), sql`${taxonTranslations.locale} NOT IN (SELECT value FROM json_each(${JSON.stringify(kept)}))`))]),
    // Slugs move between locales of one taxon: the replaced rows go first.
    ...(translations.length > 0 ? [upsertTaxonTranslations(db, taxon.code, translations)] : []),
  ];
}

/** Closes the gap a removed subtree leaves in its tree (none for a root: the tree goes with it) and among its siblings' positions. */
function closeGap(db: Database, node: TaxonRow): Statement[] {
  const group = node.parentId === null ? isNull(taxons.parentId) : eq(taxons.parentId, node.parentId);
  const positions = db
    .update(taxons)
    .set({ position: sql`${taxons.position} - 1` })
    .where(and(group, gt(taxons.position, node.position)));
  if (node.rootId === null) return [positions];
  const width = node.right - node.left + 1;
  return [
    db
      .update(taxons)
      .set({ treeLeft: sql`${taxons.treeLeft} - ${width}` })
      .where(and(eq(taxons.rootId, node.rootId), gt(taxons.treeLeft, node.right))),
    db
      .update(taxons)
      .set({ treeRight: sql`${taxons.treeRight} - ${width}` })
      .where(and(inTree(node.rootId), gt(taxons.treeRight, node.right))),
    positions,
  ];
}

/**
 * Deletes `node` and its subtree (the foreign keys cascade), closing the gap
 * they leave. Every bound is read from the node's row as the batch runs, so
 * a tree another write renumbered since the request read it stays exact.
 */
export function deleteTaxon(db: Database, node: TaxonRow): Statement[] {
  const now = (expression: string) => sql`(SELECT ${sql.raw(expression)} FROM taxons g WHERE g.id = ${node.id})`;
  const tree = now("coalesce(g.root_id, g.id)");
  const right = now("g.tree_right");
  const width = now("g.tree_right - g.tree_left + 1");
  const inSubtree = or(eq(taxons.id, node.id), and(eq(taxons.rootId, tree), sql`${taxons.treeLeft} > ${now("g.tree_left")}`, sql`${taxons.treeLeft} < ${right}`));
  return [
    // Products whose main taxon goes lose it (Sylius: ON DELETE SET NULL).
    db
      .update(products)
      .set({ mainTaxonId: null })
      .where(inArray(products.mainTaxonId, db.select({ id: taxons.id }).from(taxons).where(inSubtree))),
    // Channels whose menu taxon goes lose it (Sylius: ON DELETE SET NULL).
    db
      .update(channels)
      .set({ menuTaxonId: null })
      .where(inArray(channels.menuTaxonId, db.select({ id: taxons.id }).from(taxons).where(inSubtree))),
    db
      .update(taxons)
      .set({ treeLeft: sql`${taxons.treeLeft} - ${width}` })
      .where(and(eq(taxons.rootId, tree), sql`${taxons.treeLeft} > ${right}`)),
    db
      .update(taxons)
      .set({ treeRight: sql`${taxons.treeRight} - ${width}` })
      .where(and(inTree(tree), sql`${taxons.treeRight} > ${right}`)),
    db
      .update(taxons)
      .set({ position: sql`${taxons.position} - 1` })
      .where(and(sql`${taxons.parentId} IS ${now("g.parent_id")}`, sql`${taxons.position} > ${now("g.position")}`)),
    db.delete(taxons).where(eq(taxons.id, node.id)),
  ];
}

/** The column a move's guard sets NULL when the tree changed since the request read it. */
export const MOVE_CONFLICT_COLUMN = "taxons.tree_level";

/**
 * Moves `node` with its subtree to the last child of `parent` (a root of
 * its own when null). `parent` is not in the subtree (the form checked).
 * Marks the subtree (negative bounds), closes its gap, opens one at the
 * parent's right, puts the subtree there.
 */
export function moveTaxon(db: Database, node: TaxonRow, parent: TaxonRow | null) {
  const width = node.right - node.left + 1;
  const oldTree = node.rootId ?? node.id;
  const inSubtree = node.rootId === null ? inTree(node.id) : and(eq(taxons.rootId, node.rootId), sql`${taxons.treeLeft} BETWEEN ${node.left} AND ${node.right}`);
  const statements: Statement[] = [
    // The move is computed from the rows as the request read them: if another write changed them since, the
    // guard's NULL fails the batch (nothing applies; MOVE_CONFLICT_COLUMN) rather than misnumber the tree.
    db
      .update(taxons)
      .set({
        treeLevel: sql`CASE WHEN (${taxons.id} = ${node.id} AND ${taxons.treeLeft} = ${node.left} AND ${taxons.treeRight} = ${node.right} AND ${taxons.treeLevel} = ${node.level}
          AND ${taxons.rootId} IS ${node.rootId} AND ${taxons.parentId} IS ${node.parentId} AND ${taxons.position} = ${node.position})
          OR (${taxons.id} = ${parent?.id ?? null} AND ${taxons.treeRight} = ${parent?.right ?? null} AND ${taxons.treeLevel} = ${parent?.level ?? null} AND ${taxons.rootId} IS ${parent?.rootId ?? null})
          THEN ${taxons.treeLevel} ELSE NULL END`,
      })
      .where(inArray(taxons.id, parent === null ? [node.id] : [node.id, parent.id])),
    db
      .update(taxons)
      .set({ treeLeft: sql`-${taxons.treeLeft}`, treeRight: sql`-${taxons.treeRight}` })
      .where(inSubtree),
  ];
  // Its position among the new parent's children, before its old siblings close up.
  statements.push(
    db
      .update(taxons)
      .set({ position: nextPosition(parent === null ? null : parent.id, node.id), parentId: parent === null ? null : parent.id })
      .where(eq(taxons.id, node.id)),
  );
  statements.push(...closeGap(db, node));
  // Marked rows have negative bounds: the gap updates leave them alone.
  const marked = and(sql`${taxons.treeLeft} < 0`, node.rootId === null ? inTree(node.id) : eq(taxons.rootId, oldTree));
  if (parent === null) {
    statements.push(
      db
        .update(taxons)
        .set({
          treeLeft: sql`-${taxons.treeLeft} - ${node.left - 1}`,
          treeRight: sql`-${taxons.treeRight} - ${node.left - 1}`,
          treeLevel: sql`${taxons.treeLevel} - ${node.level}`,
          rootId: sql`CASE WHEN ${taxons.id} = ${node.id} THEN NULL ELSE ${node.id} END`,
        })
        .where(marked),
    );
    return statements;
  }
  const newTree = parent.rootId ?? parent.id;
  // The parent's right once the subtree's gap is closed (same tree, to its right).
  const at = newTree === oldTree && parent.right > node.right ? parent.right - width : parent.right;
  statements.push(
    db
      .update(taxons)
      .set({ treeLeft: sql`${taxons.treeLeft} + ${width}` })
      .where(and(eq(taxons.rootId, newTree), sql`${taxons.treeLeft} >= ${at}`)),
    db
      .update(taxons)
      .set({ treeRight: sql`${taxons.treeRight} + ${width}` })
      .where(and(inTree(newTree), sql`${taxons.treeRight} >= ${at}`)),
    db
      .update(taxons)
      .set({
        treeLeft: sql`-${taxons.treeLeft} + ${at - node.left}`,
        treeRight: sql`-${taxons.treeRight} + ${at - node.left}`,
        treeLevel: sql`${taxons.treeLevel} + ${parent.level + 1 - node.level}`,
        rootId: newTree,
      })
      .where(marked),
  );
  return statements;
}

/** The taxons with the codes `codes`. */
export const taxonsWithCodes = (db: Database, codes: readonly string[]) => db.select(taxonColumns).from(taxons).where(inJson(taxons.code, codes));

/** The product taxons of the products `ids` selects, by position, with their taxon's code. */
export const productTaxonsOfProducts = (db: Database, ids: SQLWrapper) =>
  db
    .select({ id: productTaxons.id, productId: productTaxons.productId, taxonId: productTaxons.taxonId, position: productTaxons.position })
    .from(productTaxons)
    .where(inArray(productTaxons.productId, ids))
    .orderBy(productTaxons.id);

/** Replaces the taxons of the product `productCode` (those kept keep their position; new ones go last in their taxon). */
export function replaceProductTaxons(db: Database, productCode: string, taxonIds: readonly number[], replace: boolean): Statement[] {
  const product = db.select({ id: products.id }).from(products).where(eq(products.code, productCode));
  const keep = JSON.stringify(taxonIds);
  return [
    ...(replace
      ? [db.delete(productTaxons).where(and(inArray(productTaxons.productId, product), sql`${productTaxons.taxonId} NOT IN (SELECT value FROM json_each(${keep}))`))]
      : []),
    ...(taxonIds.length > 0
      ? [
          db
            .insert(productTaxons)
            .select(
              sql`SELECT NULL, p.id, j.value, (SELECT coalesce(max(pt.position) + 1, 0) FROM product_taxons pt WHERE pt.taxon_id = j.value)
                FROM products p, json_each(${keep}) j WHERE p.code = ${productCode}`,
            )
            .onConflictDoNothing(),
        ]
      : []),
  ];
}

/** The product taxons of the taxon `code` for the products `productCodes`. */
export const productTaxonsOf = (db: Database, taxonCode: string, productCodes: readonly string[]) =>
  db
    .select({ id: productTaxons.id, productCode: products.code })
    .from(productTaxons)
    .innerJoin(products, eq(products.id, productTaxons.productId))
    .innerJoin(taxons, eq(taxons.id, productTaxons.taxonId))
    .where(and(eq(taxons.code, taxonCode), inJson(products.code, productCodes)));

/** Sets product taxons' positions: `[id, position]` pairs. */
export const setProductTaxonPositions = (db: Database, positions: readonly (readonly [number, number])[]) =>
  db
    .update(productTaxons)
    .set({
      position: sql`(SELECT json_extract(j.value, '$[1]') FROM json_each(${JSON.stringify(positions)}) j WHERE json_extract(j.value, '$[0]') = ${productTaxons.id})`,
    })
    .where(inArray(productTaxons.id, positions.map(([id]) => id)));

/** The taxons of the translations that `names` selects (a list's filter by translated name). */
export const taxonsOfTranslations = (names: SQL): SQL => sql`${taxons.id} IN (SELECT ${taxonTranslations.taxonId} FROM ${taxonTranslations} WHERE ${names})`;

/** Sets the main taxon of the product with `productCode`. */
export const setMainTaxon = (db: Database, productCode: string, mainTaxonId: number | null) =>
  db.update(products).set({ mainTaxonId }).where(sql`${products.code} = ${productCode}`);

/** What a product's detailed representation shows of its taxons, read through the products' `ids`. */
export function productTaxonReads(db: Database, ids: SQLWrapper) {
  const shown = sql`(SELECT ${products.mainTaxonId} FROM ${products} WHERE ${inArray(products.id, ids)} UNION ALL SELECT ${productTaxons.taxonId} FROM ${productTaxons} WHERE ${inArray(productTaxons.productId, ids)})`;
  return {
    main: db.select({ id: products.id, mainTaxonId: products.mainTaxonId }).from(products).where(inArray(products.id, ids)),
    links: productTaxonsOfProducts(db, ids),
    tree: taxonTreeReads(db, db.select({ id: taxons.id }).from(taxons).where(inArray(taxons.id, shown))),
  };
}
