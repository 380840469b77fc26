/** Shipping methods (./serializer.ts). */
import { z } from "zod";
import { CATEGORY_REQUIREMENTS, SHIPPING_CALCULATORS } from "../../../data/queries/shipping-methods";
import { serializeShippingMethod } from "./serializer";
import { SHIPPING_RULE_TYPES } from "../../../domain/pricing/shipping-rules";
import { code, component, int, keyedOrEmpty, Link, pageOf, timestamp } from "../../openapi/common";
import { ShippingCategoryReference, TaxCategoryReference } from "../shared/category-views";
import { ZoneReference } from "../zones/schemas";
import type { Conforms, Expect } from "../../openapi/conformance";

export const ShippingMethod = component(
  "ShippingMethod",
  z.object({
    id: int(),
    code: code(),
    position: int(),
    name: z.string().meta({
      description:
        "The translation in the default locale of the method's first channel, else its first translation, else its code.",
    }),
    enabled: z.boolean(),
    translations: keyedOrEmpty(
      z.object({ id: int(), locale: z.string(), name: z.string(), description: z.string().optional().meta({ description: "Omitted when not set." }) }),
      "locale code",
    ),
    zone: ZoneReference,
    channels: z.array(z.string()).meta({ description: "Channel codes." }),
    calculator: z.enum(SHIPPING_CALCULATORS),
    configuration: z
      .record(z.string(), z.object({ amount: int() }))
      .meta({ description: "Amount (minor units) per channel code: once per cart (`flat_rate`) or per unit (`per_unit_rate`)." }),
    category: ShippingCategoryReference.optional().meta({ description: "Omitted when none." }),
    categoryRequirement: z.enum(CATEGORY_REQUIREMENTS),
    rules: z
      .array(
        z.object({
          type: z.enum(SHIPPING_RULE_TYPES),
          configuration: z.union([
            z.record(z.string(), z.object({ amount: int().nullable() })).meta({ description: "Order total rules: amount (minor units) per channel code." }),
            z.object({ weight: z.number() }).meta({ description: "Total weight rules." }),
          ]),
        }),
      )
      .meta({ description: "The method's rules in the order sent: all must hold for the method to be offered ([] when none)." }),
    taxCategory: TaxCategoryReference.optional().meta({ description: "Omitted when none." }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    _links: z.object({ self: Link, zone: Link }),
  }),
  "A shipping method.",
);

export const ShippingMethodPage = pageOf("ShippingMethodPage", ShippingMethod);

type _ShippingMethod = Expect<Conforms<ReturnType<typeof serializeShippingMethod>, typeof ShippingMethod>>;
