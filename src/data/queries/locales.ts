/** Locales by code: the references a write names. */
import type { Database } from "../db";
import { inJson } from "../conditions";
import { locales } from "../schema";

/** The codes of the locales among `codes` (the sent translations' locales that exist). */
export const localeCodesIn = (db: Database, codes: readonly string[]) => db.select({ code: locales.code }).from(locales).where(inJson(locales.code, codes));

/** The locales among `codes`, with their ids (a channel's locales). */
export const localesWithCodes = (db: Database, codes: readonly string[]) =>
  db.select({ id: locales.id, code: locales.code }).from(locales).where(inJson(locales.code, codes));
