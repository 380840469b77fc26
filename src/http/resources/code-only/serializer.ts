/** A code-only resource (locale, currency): id, code, timestamps, self link. */
import { href, enc } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import type { CodeRow } from "../../../data/queries/code-only";

export function serializeCodeOnly(path: string, row: CodeRow) {
  return {
    id: row.id,
    code: row.code,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links: { self: href(`/${path}/${enc(row.code)}`) },
  };
}
