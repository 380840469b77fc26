/** The taxon trees of Sylius' fixtures (tests/DataFixtures/ORM/resources/taxons.yml), created through the API with codes of their own. */
import { expect } from "vitest";
import { api, uniqueCode } from "../fixtures/http";

export const PATH = "/api/v1/taxons/";

/** Locales are shared, fixed codes: create them unless they exist. */
export async function ensureLocale(code: string): Promise<void> {
  const res = await api("POST", "/api/v1/locales/", { code });
  if (res.status !== 201) expect(res.body.errors.children.code.errors).toEqual(["Locale code must be unique."]);
}

export async function createTaxon(code: string, parent?: string, extra: Record<string, unknown> = {}): Promise<any> {
  const res = await api("POST", PATH, { code, ...(parent ? { parent } : {}), ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** taxons.yml: category > mugs, stickers, books, t-shirts > men, women. Codes: `<prefix>-<name>`. */
export async function taxonsYml() {
  const prefix = uniqueCode("tx");
  const codes = {
    prefix,
    category: `${prefix}-category`,
    mugs: `${prefix}-mugs`,
    stickers: `${prefix}-stickers`,
    books: `${prefix}-books`,
    tShirts: `${prefix}-t-shirts`,
    men: `${prefix}-men`,
    women: `${prefix}-women`,
  };
  // Roots are positioned among all roots: the storage is shared, Sylius' category is the first (0).
  const { position: rootPosition } = (await createTaxon(codes.category)) as { position: number };
  for (const child of [codes.mugs, codes.stickers, codes.books, codes.tShirts]) await createTaxon(child, codes.category);
  for (const child of [codes.men, codes.women]) await createTaxon(child, codes.tShirts);
  return { ...codes, rootPosition };
}

/** Sylius' translations of a taxon that has none: the current locale's empty translation. */
export const UNTRANSLATED = { en_US: { locale: "en_US" } };

export const links = (code: string) => ({ self: { href: `${PATH}${code}` } });

/** A taxon JMS shows with its scalars only (its children and translations too deep: `[]`). */
export const flat = (code: string, left: number, right: number, level: number, position: number) => ({
  id: expect.any(Number),
  code,
  children: [],
  left,
  right,
  level,
  position,
  translations: [],
  images: [],
  _links: links(code),
});

/** mugs as Sylius shows it, read alone or as a product's main taxon: its root's and parent's other children keyed by index. */
export function mugsShown(t: Awaited<ReturnType<typeof taxonsYml>>) {
  const category = {
    id: expect.any(Number),
    code: t.category,
    children: { 1: flat(t.stickers, 4, 5, 1, 1), 2: flat(t.books, 6, 7, 1, 2), 3: flat(t.tShirts, 8, 13, 1, 3) },
    left: 1,
    right: 14,
    level: 0,
    position: t.rootPosition,
    translations: UNTRANSLATED,
    images: [],
    _links: links(t.category),
  };
  return {
    id: expect.any(Number),
    code: t.mugs,
    root: category,
    parent: category,
    children: [],
    left: 2,
    right: 3,
    level: 1,
    position: 0,
    translations: UNTRANSLATED,
    images: [],
    _links: links(t.mugs),
  };
}
