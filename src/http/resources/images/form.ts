/**
 * The `images` field of the product and taxon forms (Sylius' CollectionType
 * of ProductImageType / TaxonImageType: `type` and `file`, allow_add,
 * allow_delete). Sent, it is the owner's whole list: entry `i` (a list, or
 * an object keyed by `0`, `1`...) is the owner's `i`-th image (by position),
 * its `type` set and, with a `file`, its file replaced; entries past the
 * owner's images are new images (a `file` required); images without an
 * entry are deleted. Files were checked and stored by `stageImages` before
 * the form sees them (./staging.ts): an entry's `file` is a `StoredImage`
 * or a `RefusedImage` with its message.
 */
import { z } from "zod";
import { MSG } from "../../../domain/messages";
import type { ImagePlan, ImageRow } from "../../../data/queries/images";
import type { InputShape } from "../../openapi/form-docs";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, MAX_TYPE_LENGTH, RefusedImage, StoredImage } from "./files";
import { isPlainObject } from "../../form";

/** The field: anything, checked by `checkImages` (which reports inside each entry). */
export const imagesField = () => z.unknown().optional();

/** What `checkImages` needs of a form result. */
export interface ImagesResult {
  fail(field: "images", message: string): void;
  failAt(field: "images", path: readonly string[], message: string): void;
}

const ENTRY_FIELDS: ReadonlySet<string> = new Set(["type", "file"]);

/** The entries of a sent `images`, by index (null: not a list). */
function entriesOf(sent: unknown): (readonly [number, unknown])[] | null {
  if (Array.isArray(sent)) return sent.map((entry, i) => [i, entry] as const);
  if (!isPlainObject(sent)) return null;
  const entries = Object.entries(sent);
  if (!entries.every(([key]) => /^(0|[1-9]\d{0,5})$/.test(key))) return null;
  return entries.map(([key, entry]) => [Number(key), entry] as const).sort((a, b) => a[0] - b[0]);
}

/**
 * What a sent `images` does to the owner's `existing` images (by position):
 * undefined when it was not sent or fails (the failures are in `result`).
 */
export function checkImages(result: ImagesResult, sent: unknown, existing: readonly ImageRow[]): ImagePlan | undefined {
  if (sent === undefined) return undefined;
  const entries = entriesOf(sent);
  if (!entries) {
    result.fail("images", MSG.invalid);
    return undefined;
  }
  const plan: ImagePlan = { inserts: [], updates: [], deletes: [] };
  let failed = false;
  const failAt = (path: string[], message: string) => {
    failed = true;
    result.failAt("images", path, message);
  };
  entries.forEach(([index, entry], position) => {
    const at = String(index);
    if (!isPlainObject(entry)) return failAt([at], MSG.invalid);
    if (Object.keys(entry).some((key) => !ENTRY_FIELDS.has(key))) failAt([at], MSG.extraFields);
    const { type, file } = entry;
    let text: string | null = null;
    if (typeof type === "string") {
      if (type.length > MAX_TYPE_LENGTH) failAt([at, "type"], IMAGE_MESSAGES.typeTooLong);
      else if (/\p{Cs}/u.test(type)) failAt([at, "type"], MSG.invalid);
      text = type === "" ? null : type;
    } else if (type !== undefined && type !== null) failAt([at, "type"], MSG.invalid);
    const current = existing[index];
    if (file instanceof RefusedImage) return failAt([at, "file"], file.message);
    if (file !== undefined && file !== null && !(file instanceof StoredImage)) return failAt([at, "file"], MSG.invalid);
    const stored = file ?? undefined;
    if (current) {
      plan.updates.push({ id: current.id, type: text, position, ...(stored ? { file: { path: stored.path, contentType: stored.contentType } } : {}) });
    } else if (stored) {
      plan.inserts.push({ type: text, path: stored.path, contentType: stored.contentType, position });
    } else failAt([at, "file"], IMAGE_MESSAGES.missing);
  });
  const kept = new Set(entries.map(([index]) => index));
  plan.deletes = existing.filter((_, index) => !kept.has(index)).map((image) => image.id);
  return failed ? undefined : plan;
}

/** The field in the OpenAPI document. */
export const IMAGES_SHAPE: InputShape = {
  schema: z
    .array(z.object({ type: z.string().max(MAX_TYPE_LENGTH).nullable().optional(), file: z.string().optional() }))
    .meta({
      description:
        `The owner's images, in order (sent: the whole list). With \`multipart/form-data\`: \`images[0][type]\`, \`images[0][file]\` (PNG, JPEG, GIF or WebP, at most ${MAX_IMAGE_BYTES / 1_000_000} MB). ` +
        "Entry `i` is the owner's `i`-th image: its `type` set, and with a `file` the file replaced; entries past the current images are new (a `file` required); images without an entry are deleted. JSON can change types, order by index and delete, not upload.",
    }),
  examples: [[{ type: "main" }]],
};
