/**
 * Image files: what an upload must be (PNG, JPEG, GIF or WebP by its first
 * bytes, at most 10 MB as Sylius' `Image` constraint says), the path it is
 * stored under (Sylius' UploadedImagePathGenerator: `ab/cd/<hash>.<ext>`),
 * and the three states of a file in a request body: sent, stored, refused.
 */

/** At most 10 MB an image (Sylius' `maxSize: 10M`: 10,000,000 bytes). */
export const MAX_IMAGE_BYTES = 10_000_000;
/** At most 25 MiB a multipart request (several images and the other fields). */
export const MAX_MULTIPART_BYTES = 25 * 1024 * 1024;
/** At most 255 characters an image's `type` (Sylius' column). */
export const MAX_TYPE_LENGTH = 255;

export const IMAGE_MESSAGES = {
  notImage: "This file is not a valid image.",
  tooBig: (size: number) => `The image is too big - ${Math.round(size / 10_000) / 100}MB. Maximum allowed size is ${MAX_IMAGE_BYTES / 1_000_000}MB.`,
  missing: "Please choose an image file to upload.",
  typeTooLong: `This value is too long. It should have ${MAX_TYPE_LENGTH} characters or less.`,
} as const;

export interface ImageFormat {
  contentType: string;
  extension: string;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The format of an image by its first bytes (never by what the client says it is); null when it is none of the four. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: "image/png", extension: "png" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpeg" };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return { contentType: "image/gif", extension: "gif" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return { contentType: "image/webp", extension: "webp" };
  return null;
}

/** Content types by the extensions paths end with (serving trusts the stored path, never a header sent). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = { png: "image/png", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

/**
 * A new path for an image: 16 random bytes in hex and the extension, split
 * as `ab/cd/<rest>.<ext>`; drawn again while it contains `ad` (as Sylius
 * does: ad blockers hide such paths).
 */
export function newImagePath(extension: string, random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  for (;;) {
    const hex = [...random(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const path = `${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex.slice(4)}.${extension}`;
    if (!path.includes("ad")) return path;
  }
}

/** A path as `newImagePath` makes them (anything else is never served). */
export const IMAGE_PATH = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{28}\.(png|jpeg|gif|webp)$/;

/** A file part of a multipart body, as sent. */
export class UploadedFile {
  constructor(
    readonly name: string,
    readonly bytes: Uint8Array,
  ) {}
  /** What a request's fingerprint (Idempotency-Key) sees of it. */
  toJSON() {
    return { file: this.name, size: this.bytes.byteLength, digest: this.digest };
  }
  /** A cheap content check for fingerprints: the length and a rolling sum of the bytes. */
  private get digest(): number {
    let sum = 0;
    for (let i = 0; i < this.bytes.length; i++) sum = (sum * 31 + (this.bytes[i] ?? 0)) >>> 0;
    return sum;
  }
}

/** A sent file that passed the checks and is in R2 under `path`. */
export class StoredImage {
  constructor(
    readonly path: string,
    readonly contentType: string,
  ) {}
  toJSON() {
    return { path: this.path };
  }
}

/** A sent file that did not pass: the message its form field reports. */
export class RefusedImage {
  constructor(readonly message: string) {}
  toJSON() {
    return { refused: this.message };
  }
}
