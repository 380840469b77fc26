/** Product association types (./serializer.ts). */
import { z } from "zod";
import { serializeAssociationType, serializeAssociationTypeListItem } from "./serializer";
import { code, component, int, keyedOrEmpty, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

const translations = keyedOrEmpty(z.object({ id: int(), locale: z.string(), name: z.string() }), "locale code");

export const ProductAssociationTypeListItem = component(
  "ProductAssociationTypeListItem",
  z.object({ id: int(), code: code(), translations, _links: SelfLinks }),
  "A product association type in a list (Sylius 1.8's default set).",
);

export const ProductAssociationType = component(
  "ProductAssociationType",
  z.object({ id: int(), code: code(), translations, createdAt: timestamp(), updatedAt: timestamp(), _links: SelfLinks }),
  "A kind of link between products (e.g. similar products, accessories), with its name per locale.",
);

export const ProductAssociationTypePage = pageOf("ProductAssociationTypePage", ProductAssociationTypeListItem);

type _Item = Expect<Conforms<ReturnType<typeof serializeAssociationType>, typeof ProductAssociationType>>;
type _ListItem = Expect<Conforms<ReturnType<typeof serializeAssociationTypeListItem>, typeof ProductAssociationTypeListItem>>;
