/** Product attributes (./serializer.ts). */
import { z } from "zod";
import { ATTRIBUTE_TYPES } from "../../../domain/product-attributes";
import { serializeProductAttribute, serializeProductAttributeListItem } from "./serializer";
import { code, component, int, keyedOrEmpty, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

const Translation = z.object({ id: int(), locale: z.string(), name: z.string() });

const Configuration = z
  .union([
    z.object({
      choices: z
        .union([z.record(z.string(), z.record(z.string(), z.string())), z.array(z.never()).max(0)])
        .optional()
        .meta({ description: "`select`: labels by locale under each choice's key (the value a product stores)." }),
      multiple: z.boolean().optional(),
      min: z.number().optional(),
      max: z.number().optional(),
      format: z.string().optional(),
    }),
    z.array(z.never()).max(0),
  ])
  .meta({ description: "The type's configuration; `[]` when empty." });

const fields = {
  id: int(),
  code: code(),
  type: z.enum(ATTRIBUTE_TYPES),
  position: int(),
  translations: keyedOrEmpty(Translation, "locale code"),
};

export const ProductAttribute = component(
  "ProductAttribute",
  z.object({ ...fields, configuration: Configuration, createdAt: timestamp(), updatedAt: timestamp(), _links: SelfLinks }),
  "A typed product attribute with its configuration (`Detailed` group).",
);

export const ProductAttributeListItem = component(
  "ProductAttributeListItem",
  z.object({ ...fields, _links: SelfLinks }),
  "A product attribute in a list (`Default` group): no configuration, no timestamps.",
);

export const ProductAttributePage = pageOf("ProductAttributePage", ProductAttributeListItem);

type _ProductAttribute = Expect<Conforms<ReturnType<typeof serializeProductAttribute>, typeof ProductAttribute>>;
type _ProductAttributeListItem = Expect<Conforms<ReturnType<typeof serializeProductAttributeListItem>, typeof ProductAttributeListItem>>;
