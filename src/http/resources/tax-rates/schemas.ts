/** Tax rates (./serializer.ts). */
import { z } from "zod";
import { TAX_CALCULATORS } from "../../../data/queries/tax-rates";
import { serializeTaxRate } from "./serializer";
import { code, component, int, Link, pageOf, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const TaxRate = component(
  "TaxRate",
  z.object({
    id: int(),
    code: code(),
    name: z.string(),
    amount: z.number().meta({ description: "The rate as a decimal fraction (0.23 = 23 %).", examples: [0.23] }),
    includedInPrice: z.boolean(),
    calculator: z.enum(TAX_CALCULATORS),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    _links: z
      .object({ self: Link, category: Link, zone: Link })
      .meta({ description: "The rate itself, its tax category and its zone (linked, not embedded, as Sylius 1.8 serializes them)." }),
  }),
  "A tax rate of a tax category in a zone.",
);

export const TaxRatePage = pageOf("TaxRatePage", TaxRate);

type _TaxRate = Expect<Conforms<ReturnType<typeof serializeTaxRate>, typeof TaxRate>>;
