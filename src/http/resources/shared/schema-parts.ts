/** Schema fragments several resources' representations share. */
import { z } from "zod";
import { code, int, SelfLinks } from "../../openapi/common";

export const OMITTED = "Omitted when not set.";

/** An optional text of a representation: omitted when not set. */
export const optionalText = () => z.string().optional().meta({ description: OMITTED });

/** A resource in a list that shows only its code (Sylius' `Default` group): id, code, self link. */
export const codeListItem = (codeSchema: z.ZodType<string> = code()) => z.object({ id: int(), code: codeSchema, _links: SelfLinks });
