/** Taxons (./serializer.ts): TaxonomyBundle's and AdminApiBundle's Model.Taxon.yml. */
import { Image } from "../images/serializer";
import { z } from "zod";
import type { represent } from "./serializer";
import { code, component, int, keyedOrEmpty, pageOf, SelfLinks } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const TaxonTranslation = component(
  "TaxonTranslation",
  z.object({
    id: int().optional(),
    locale: z.string().meta({ examples: ["en_US"] }),
    name: z.string().optional(),
    slug: z.string().optional(),
    description: z.string().optional(),
  }),
  "A taxon's translation. Only `locale` when the taxon has no translation in the current locale (`en_US`): Sylius adds an empty one.",
);

/** A taxon's own fields (no nested taxons). */
const TaxonFields = z.object({
  id: int(),
  name: z.string().optional().meta({ description: "The name in the current locale (`en_US`), when translated." }),
  code: code(),
  left: int().optional().meta({ description: "Nested set: the taxon's left bound in its tree (detailed only)." }),
  right: int().optional().meta({ description: "Nested set: the taxon's right bound in its tree (detailed only)." }),
  level: int().optional().meta({ description: "Depth in the tree, 0 for a root (detailed only)." }),
  position: int().meta({ description: "Position among its parent's children (roots: among the roots)." }),
  translations: keyedOrEmpty(TaxonTranslation, "locale code"),
  images: z.array(Image).meta({ description: "The taxon's images, by position (nested taxons: `[]`)." }),
  _links: SelfLinks,
});

const TaxonObject = z.object({
  id: TaxonFields.shape.id,
  name: TaxonFields.shape.name,
  code: TaxonFields.shape.code,
  get root(): z.ZodOptional<typeof TaxonObject> {
    return TaxonObject.optional();
  },
  get parent(): z.ZodOptional<typeof TaxonObject> {
    return TaxonObject.optional();
  },
  get children(): z.ZodOptional<z.ZodUnion<readonly [z.ZodArray<typeof TaxonObject>, z.ZodRecord<z.ZodString, typeof TaxonObject>]>> {
    return z
      .union([z.array(TaxonObject), z.record(z.string(), TaxonObject)])
      .optional()
      .meta({ description: "By position; keyed by index (as Sylius shows them) when a child is left out before another (the taxon being shown)." });
  },
  left: TaxonFields.shape.left,
  right: TaxonFields.shape.right,
  level: TaxonFields.shape.level,
  position: TaxonFields.shape.position,
  translations: TaxonFields.shape.translations,
  images: TaxonFields.shape.images,
  _links: TaxonFields.shape._links,
});

export const Taxon = component(
  "Taxon",
  TaxonObject,
  "A taxon as Sylius' serializer shows it: one taxon (detailed) has `children`, `left`, `right` and `level`; a list's items do not. Nested taxons (`root`, `parent`, `children`) show what JMS' depth rules leave of them.",
);

export const TaxonPage = pageOf("TaxonPage", Taxon);

// The recursive schema is too deep for the type-level check: the fields are checked, the nesting is the same schema.
type _Taxon = Expect<Conforms<Omit<NonNullable<ReturnType<typeof represent>>, "root" | "parent" | "children">, typeof TaxonFields>>;
