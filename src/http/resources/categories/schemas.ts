/** Tax and shipping categories (./serializer.ts) in their three views. */
import { z } from "zod";
import { serializeShippingCategory, serializeTaxCategory } from "./serializer";
import { code, component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { ConformsTo, Expect } from "../../openapi/conformance";

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
