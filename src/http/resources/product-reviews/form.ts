/**
 * The review form: Sylius 1.8's ProductReviewType (ReviewBundle's
 * ReviewType: rating as an expanded choice 1..5, title, comment; CoreBundle
 * adds `author`, a CustomerGuestType with `email`, to a review without an
 * author, i.e. on create), its messages (ReviewBundle's Review.xml and
 * validators.en.yml, CustomerBundle's email messages, CoreBundle's
 * UniqueReviewerEmail) and its documentation.
 *
 * Every field parses `unknown` and is checked by `checkReview` (a PUT, like
 * a create, fails what it leaves out; a PATCH keeps it).
 */
import { z } from "zod";
import { defineForm, isPlainObject, type FormResult } from "../../form";
import { MSG } from "../../../domain/messages";
import type { FormChild } from "../../errors";
import { documentForm, type InputShape } from "../../openapi/form-docs";
import { checkText } from "../shared/fields";

export const REVIEW_MESSAGES = {
  ratingBlank: "You must check review rating.",
  titleBlank: "Review title should not be blank.",
  titleTooShort: "Review title must have at least 2 characters.",
  titleTooLong: "Review title must have at most 255 characters.",
  commentBlank: "Review comment should not be blank.",
  emailBlank: "Please enter your email.",
  emailInvalid: "This email is invalid.",
  authorRegistered: "This email is already registered, please login or use forgotten password.",
} as const;

const RATINGS = [1, 2, 3, 4, 5] as const;
const field = () => z.unknown().optional();

// `rating` is an expanded choice: its children are the five choices, a list.
export const createForm = defineForm({ rating: field(), title: field(), comment: field(), author: field() }, { lists: ["rating"] });
export const updateForm = defineForm({ rating: field(), title: field(), comment: field() }, { lists: ["rating"] });

const shapes = {
  rating: { schema: z.union([z.number(), z.string()]).meta({ description: "1 to 5 (a number or its text)." }), examples: [3, "3"] },
  title: { schema: z.string().meta({ description: "2 to 255 characters." }), examples: ["A good product"] },
  comment: { schema: z.string(), examples: ["This is a good product."] },
  author: {
    schema: z
      .object({ email: z.string() })
      .meta({ description: "The reviewer: the customer with this email (created when there is none). A customer with a shop account cannot be named." }),
    examples: [{ email: "my_review@example.com" }],
  },
} satisfies Record<string, InputShape>;

documentForm(createForm, {
  component: "ProductReviewCreate",
  shapes,
  example: { title: "A good product", rating: 3, comment: "This is a good product.", author: { email: "my_review@example.com" } },
});
documentForm(updateForm, {
  component: "ProductReviewUpdate",
  shapes: { rating: shapes.rating, title: shapes.title, comment: shapes.comment },
  example: { comment: "A_NEW_REVIEW_COMMENT" },
});

/** What the checks of a review form use of its result (create and update forms alike). */
interface ReviewResult {
  values: { rating?: unknown; title?: unknown; comment?: unknown };
  submitted: ReadonlySet<string>;
  fail(field: "rating" | "title" | "comment", message: string): void;
  shape(field: "rating", tree: FormChild): void;
}

export interface ReviewFields {
  rating?: number;
  title?: string;
  comment?: string;
}

/** A rating of the choice list: 1..5, as a number or its text. */
function ratingOf(value: unknown): number | null {
  const number = typeof value === "number" ? value : typeof value === "string" && /^\d$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return RATINGS.find((rating) => rating === number) ?? null;
}

/**
 * Checks rating, title and comment. `required`: a create or a PUT (a field
 * left out is blank); a PATCH keeps what it does not send.
 */
export function checkReview(result: ReviewResult, required: boolean): ReviewFields {
  // An expanded choice renders one child per choice, and FOSRest prints them
  // as a JSON list (`[{}, {}, {}, {}, {}]`).
  result.shape("rating", { children: RATINGS.map(() => ({})) });
  const fields: ReviewFields = {};
  const { rating, title, comment } = result.values;
  if (rating !== undefined || required) {
    if (rating === undefined || rating === null || rating === "") result.fail("rating", REVIEW_MESSAGES.ratingBlank);
    else {
      const checked = ratingOf(rating);
      if (checked === null) result.fail("rating", MSG.invalid);
      else fields.rating = checked;
    }
  }
  if (title !== undefined || required) {
    const checked = checkText(title, REVIEW_MESSAGES.titleBlank, { min: 2, tooShort: REVIEW_MESSAGES.titleTooShort, max: 255, tooLong: REVIEW_MESSAGES.titleTooLong });
    if (checked.message !== null) result.fail("title", checked.message);
    else fields.title = checked.text;
  }
  if (comment !== undefined || required) {
    const checked = checkText(comment, REVIEW_MESSAGES.commentBlank, { min: 0, tooShort: MSG.invalid, max: 65_535, tooLong: MSG.invalid });
    if (checked.message !== null) result.fail("comment", checked.message);
    else fields.comment = checked.text;
  }
  return fields;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The author's email (trimmed) when the author sub-form's is a valid one, else where it fails and why. */
export function authorEmail(author: unknown): { email: string } | { at: string[]; message: string } {
  const email = isPlainObject(author) ? author.email : undefined;
  if (author !== undefined && author !== null && !isPlainObject(author)) return { at: [], message: MSG.invalid };
  if (email === undefined || email === null || (typeof email === "string" && email.trim() === "")) return { at: ["email"], message: REVIEW_MESSAGES.emailBlank };
  if (typeof email !== "string" || email.length > 254 || !EMAIL.test(email.trim())) return { at: ["email"], message: REVIEW_MESSAGES.emailInvalid };
  return { email: email.trim() };
}

/** The author sub-form (`author.children.email`): the email, or undefined when it failed. */
export function checkAuthor(result: Pick<FormResult<typeof createForm.shape>, "values" | "shape" | "failAt">): string | undefined {
  result.shape("author", { children: { email: {} } });
  const author = authorEmail(result.values.author);
  if ("email" in author) return author.email;
  result.failAt("author", author.at, author.message);
  return undefined;
}
