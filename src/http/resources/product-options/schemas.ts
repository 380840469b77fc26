/** Product options (./serializer.ts). */
import { z } from "zod";
import { serializeProductOption } from "./serializer";
import { code, component, int, keyedOrEmpty, pageOf, SelfLinks } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const ProductOption = component(
  "ProductOption",
  z.object({
    id: int(),
    code: code(),
    position: int(),
    translations: keyedOrEmpty(z.object({ id: int(), locale: z.string(), name: z.string() }), "locale code"),
    values: z.array(
      z.object({
        code: code(),
        translations: keyedOrEmpty(z.object({ id: int(), locale: z.string(), value: z.string() }), "locale code"),
      }),
    ),
    _links: SelfLinks,
  }),
  "A product option (e.g. a mug's type) and its values, in creation order.",
);

export const ProductOptionPage = pageOf("ProductOptionPage", ProductOption);

type _ProductOption = Expect<Conforms<ReturnType<typeof serializeProductOption>, typeof ProductOption>>;
