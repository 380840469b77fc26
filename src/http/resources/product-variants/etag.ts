/**
 * The strong entity tag of a variant: a digest of its representation (the
 * `detailed` set, as GET shows it). A variant's body is small and everything
 * it embeds (translations, prices, option values and their names, tax and
 * shipping categories, the product's code) is loaded by the same batch as
 * its row, so digesting the body is cheap and exact: the tag changes exactly
 * when the body does, whichever resource's edit changed it, with no clock
 * resolution to trust.
 */
import type { VariantView } from "../../../data/queries/product-variants";
import { digestTag } from "../../conditional";
import { serializeProductVariant } from "./serializer";

/** The tag of a variant's `detailed` body, already serialized (a GET or a create has it at hand). */
export const variantBodyEtag = (body: object): Promise<string> => digestTag(JSON.stringify(body));

/** The tag of a variant, from its view (a write's read batch). */
export const variantEtag = (view: VariantView): Promise<string> => variantBodyEtag(serializeProductVariant(view, "detailed"));
