/**
 * Tax and shipping categories, in their three views (the routes: ./categories.ts).
 * One serializer each, used both for the resources themselves and when a
 * variant embeds them:
 * - `full` (get one, create, variant detailed): id, code, name, description, createdAt, updatedAt, _links.self
 * - `embedded` (variant default set): id, code, name, createdAt, updatedAt, _links.self
 * - `listItem` (inside variant lists): id, code, name, _links.self
 */
import { z } from "zod";
import type { CategoryRow } from "../../../data/queries/categories";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import { code, component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { ConformsTo, Expect } from "../../openapi/conformance";

export type CategoryView = "full" | "embedded" | "listItem";

function serializeCategory(path: string, row: CategoryRow, view: CategoryView) {
  const links = { self: href(`/${path}/${enc(row.code)}`) };
  if (view === "listItem") return { id: row.id, code: row.code, name: row.name, _links: links };
  const base = { id: row.id, code: row.code, name: row.name };
  const times = { createdAt: atom(row.createdAt), updatedAt: atom(row.updatedAt) };
  return view === "full"
    ? { ...base, description: row.description ?? undefined, ...times, _links: links }
    : { ...base, ...times, _links: links };
}

export const serializeTaxCategory = (row: CategoryRow, view: CategoryView = "full") =>
  serializeCategory("tax-categories", row, view);

export const serializeShippingCategory = (row: CategoryRow, view: CategoryView = "full") =>
  serializeCategory("shipping-categories", row, view);

// Both kinds' components are declared here, together: the OpenAPI document lists components in the
// order their modules load, and this is the order it has always had.
const full = () =>
  z.object({
    id: int(),
    code: code(),
    name: z.string(),
    description: z.string().optional().meta({ description: "Omitted when none." }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    _links: SelfLinks,
  });

/** Inside a variant's default set: no description. */
const embedded = () =>
  z.object({ id: int(), code: code(), name: z.string(), createdAt: timestamp(), updatedAt: timestamp(), _links: SelfLinks });

/** Inside lists (variant list items, tax rates, shipping methods). */
const reference = () => z.object({ id: int(), code: code(), name: z.string(), _links: SelfLinks });

export const TaxCategory = component("TaxCategory", full(), "A tax category (also a detailed variant's `taxCategory`).");
// The embedded views are not components: no documented response contains them.
export const TaxCategoryEmbedded = embedded();
export const TaxCategoryReference = component("TaxCategoryReference", reference(), "A tax category in lists (Sylius' `Default` group) and inside other resources.");
export const ShippingCategory = component("ShippingCategory", full(), "A shipping category (also a detailed variant's `shippingCategory`).");
export const ShippingCategoryEmbedded = embedded();
export const ShippingCategoryReference = component(
  "ShippingCategoryReference",
  reference(),
  "A shipping category in lists (Sylius' `Default` group) and inside other resources.",
);
export const TaxCategoryPage = pageOf("TaxCategoryPage", TaxCategoryReference);
export const ShippingCategoryPage = pageOf("ShippingCategoryPage", ShippingCategoryReference);

// One serializer renders the three views: its type is their union.
type AnyTaxCategory = z.input<typeof TaxCategory> | z.input<typeof TaxCategoryEmbedded> | z.input<typeof TaxCategoryReference>;
type AnyShippingCategory =
  | z.input<typeof ShippingCategory>
  | z.input<typeof ShippingCategoryEmbedded>
  | z.input<typeof ShippingCategoryReference>;
type _Tax = Expect<ConformsTo<ReturnType<typeof serializeTaxCategory>, AnyTaxCategory>>;
type _Shipping = Expect<ConformsTo<ReturnType<typeof serializeShippingCategory>, AnyShippingCategory>>;
