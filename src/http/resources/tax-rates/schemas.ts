/** Tax rates (src/serializers/tax-rate.ts). */
import { z } from "zod";
import { TAX_CALCULATORS } from "../../../data/queries/tax-rates";
import { serializeTaxRate } from "./serializer";
import { code, component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import { TaxCategory, TaxCategoryEmbedded, TaxCategoryReference } from "../categories/schemas";
import { ZoneReference } from "../zones/schemas";
import type { ConformsTo, Expect } from "../../openapi/conformance";

export const TaxRate = component(
  "TaxRate",
  z.object({
    id: int(),
    code: code(),
    name: z.string(),
    amount: z.number().meta({ description: "The rate as a decimal fraction (0.23 = 23 %).", examples: [0.23] }),
    includedInPrice: z.boolean(),
    calculator: z.enum(TAX_CALCULATORS),
    category: TaxCategoryReference,
    zone: ZoneReference,
    createdAt: timestamp(),
    updatedAt: timestamp(),
    _links: SelfLinks,
  }),
  "A tax rate of a tax category in a zone.",
);

export const TaxRatePage = pageOf("TaxRatePage", TaxRate);

// `serializeTaxCategory` is typed as the union of its three views whatever the
// view asked for, so `category` is checked against that union here (and
// against TaxCategoryReference at runtime by test/openapi).
type TaxRateInput = Omit<z.input<typeof TaxRate>, "category"> & {
  category: z.input<typeof TaxCategory> | z.input<typeof TaxCategoryEmbedded> | z.input<typeof TaxCategoryReference>;
};
type _TaxRate = Expect<ConformsTo<ReturnType<typeof serializeTaxRate>, TaxRateInput>>;
