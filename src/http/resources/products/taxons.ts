/**
 * A product's taxons, as Sylius 1.8's product form takes them (CoreBundle's
 * ProductTypeExtension: `mainTaxon`, a taxon code; `productTaxons`, taxon
 * codes separated by commas, ProductTaxonAutocompleteChoiceType) and as its
 * serializer shows them (`mainTaxon` and `productTaxons: [{id, taxon,
 * position}]`, Detailed only, each taxon as the taxon resource shows it).
 */
import { z } from "zod";
import { MSG } from "../../../domain/messages";
import type { Database } from "../../../data/db";
import { unique } from "../../../data/collections";
import type { NamedResults, Statement } from "../../../data/batch";
import { productTaxonReads, replaceProductTaxons, setMainTaxon, taxonsWithCodes, treeRows } from "../../../data/queries/taxons";
import { reported } from "../shared/fields";
import { represent, taxonGraph } from "../taxons/serializer";
import type { InputShape } from "../../openapi/form-docs";

/** `mainTaxon`: a taxon code; null or "" for none. */
export const mainTaxonField = () =>
  z
    .union([z.string(), z.null()], { error: MSG.invalid })
    .transform((value) => (value === "" ? null : value))
    .optional();

/** `productTaxons`: taxon codes separated by commas (Sylius' autocomplete field), or a list of codes. */
export const productTaxonsField = () =>
  reported(
    z.union([
      z.string().transform((text) => text.split(",").map((code) => code.trim())),
      z.array(z.string()),
    ]).transform((codes) => unique(codes.filter((code) => code !== ""))),
  );

export const MAIN_TAXON_SHAPE: InputShape = {
  schema: z.string().nullable().meta({ description: "Code of a taxon; `null` or `\"\"`: none." }),
  examples: ["mugs"],
};
export const PRODUCT_TAXONS_SHAPE: InputShape = {
  schema: z
    .union([z.string(), z.array(z.string())])
    .meta({ description: "Taxon codes, separated by commas (as Sylius takes them) or as a list. Replaces the product's taxons; a taxon kept keeps its position, a new one goes last." }),
  examples: ["category,mugs"],
};

interface TaxonValues {
  mainTaxon?: string | null;
  productTaxons?: string[];
}

/** The taxons a form names, for the read batch. */
export const formTaxons = (db: Database, values: TaxonValues) =>
  taxonsWithCodes(db, unique([...(values.mainTaxon ? [values.mainTaxon] : []), ...(values.productTaxons ?? [])]));

/** Unknown codes fail their field; returns what the writes need (undefined: not sent). */
export function checkTaxons(
  result: { fail(field: "mainTaxon" | "productTaxons", message: string): void },
  values: TaxonValues,
  found: readonly { id: number; code: string }[],
): { mainTaxonId?: number | null; taxonIds?: number[] } {
  const idOf = new Map(found.map((t) => [t.code, t.id]));
  const main = values.mainTaxon;
  if (main && !idOf.has(main)) result.fail("mainTaxon", MSG.invalid);
  if (values.productTaxons?.some((code) => !idOf.has(code))) result.fail("productTaxons", MSG.invalid);
  return {
    mainTaxonId: main === undefined ? undefined : main === null ? null : (idOf.get(main) ?? null),
    taxonIds: values.productTaxons?.flatMap((code) => idOf.get(code) ?? []),
  };
}

/** The statements that set the product's main taxon and taxons (sent ones only; `replace`: an update). */
export function taxonWrites(db: Database, code: string, plan: ReturnType<typeof checkTaxons>, replace: boolean): Statement[] {
  return [
    ...(plan.mainTaxonId !== undefined ? [setMainTaxon(db, code, plan.mainTaxonId)] : []),
    ...(plan.taxonIds !== undefined ? replaceProductTaxons(db, code, plan.taxonIds, replace) : []),
  ];
}

/** What a product's detailed representation shows of its taxons (read through the products' ids). */
export { productTaxonReads };

export type ProductTaxonParts = NamedResults<ReturnType<typeof productTaxonReads>>;

/** The `mainTaxon` (absent when none) and `productTaxons` of the product `productId`. */
export function productTaxonViews(parts: ProductTaxonParts, productId: number) {
  const graph = taxonGraph(treeRows(parts.tree), parts.tree.translations);
  const mainTaxonId = parts.main.find((p) => p.id === productId)?.mainTaxonId ?? null;
  // JMS paths: product.mainTaxon, product.productTaxons[i].taxon (no max depth of their own).
  const mainTaxon = represent(graph, mainTaxonId, true, [null]);
  const productTaxons = parts.links
    .filter((link) => link.productId === productId)
    .flatMap((link) => {
      const taxon = represent(graph, link.taxonId, true, [null, null]);
      return taxon ? [{ id: link.id, taxon, position: link.position }] : [];
    });
  return { mainTaxon, productTaxons };
}
