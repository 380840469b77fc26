import { requiredString } from "../../fields";

/**
 * A required name of 2 to 255 characters, with a resource's messages
 * (Sylius' NotBlank and Length(min: 2, max: 255) on a name).
 */
export const boundedName = (messages: { nameBlank: string; nameTooShort: string; nameTooLong: string }) =>
  requiredString(messages.nameBlank, Number.MAX_SAFE_INTEGER)
    .refine((s) => s.length >= 2, { error: messages.nameTooShort, abort: true })
    .refine((s) => s.length <= 255, { error: messages.nameTooLong });
