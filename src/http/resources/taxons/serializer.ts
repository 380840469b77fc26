/**
 * Taxons, as Sylius 1.8 serializes them (TaxonomyBundle's and
 * AdminApiBundle's Model.Taxon.yml, JMS serializer):
 *
 * - `Default` (a list's items): {id, name?, code, root?, parent?, position, translations, images, _links.self}
 * - `Detailed` (one taxon): the same with children, left, right, level.
 *
 * `root` and `parent` carry `max_depth: 2`; JMS skips an object once a
 * property with a max depth lies deeper than that depth in the path that
 * leads to it, skips an object it is already serializing (a child's parent,
 * a root's children's root: omitted), and omits nulls. `represent` follows
 * those two rules over the taxons read, so nested taxons show exactly what
 * Sylius shows (e.g. the root inside a taxon lists its children, whose own
 * children and translations are `[]`; a skipped child that is not the last
 * turns the children into an object keyed by index, as PHP encodes them).
 *
 * `name` is the translation of the current locale (`en_US`). Like Sylius'
 * TranslatableTrait, a taxon without one gets an empty translation of that
 * locale in its `translations` ({locale} only), so a taxon without any
 * translation shows `{"en_US": {"locale": "en_US"}}`.
 *
 * `images` are the taxon's own images (../images) for the taxons shown
 * (one taxon, a list's items); nested taxons show `[]`.
 */
import { groupBy } from "../../../data/collections";
import type { TaxonRow, TaxonTranslationRow } from "../../../data/queries/taxons";
import { enc, href } from "../../serializers/links";
import type { ImageView } from "../images/serializer";

export const CURRENT_LOCALE = "en_US";

export interface TaxonTranslationView {
  id?: number;
  locale: string;
  name?: string;
  slug?: string;
  description?: string;
}

export interface TaxonView {
  id: number;
  name?: string;
  code: string;
  root?: TaxonView;
  parent?: TaxonView;
  /** A list, or keyed by index when JMS skipped a child before others (see `phpArray`). */
  children?: TaxonView[] | Record<string, TaxonView>;
  left?: number;
  right?: number;
  level?: number;
  position: number;
  translations: Record<string, TaxonTranslationView> | never[];
  images: ImageView[];
  _links: { self: { href: string } };
}

/** The taxons read, by id, with their children (by position) and translations. */
export interface TaxonGraph {
  byId: ReadonlyMap<number, TaxonRow>;
  children: ReadonlyMap<number | null, readonly TaxonRow[]>;
  translations: ReadonlyMap<number, readonly TaxonTranslationRow[]>;
  /** The images of the taxons whose images were read (the others show `[]`). */
  images?: ReadonlyMap<number, ImageView[]>;
}

export function taxonGraph(rows: readonly TaxonRow[], translations: readonly TaxonTranslationRow[], images?: ReadonlyMap<number, ImageView[]>): TaxonGraph {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = groupBy(
    [...byId.values()].sort((a, b) => a.position - b.position || a.id - b.id),
    (row) => row.parentId,
  );
  const ordered = [...translations].sort((a, b) => a.id - b.id);
  return { byId, children, translations: groupBy(ordered, (t) => t.taxonId), ...(images ? { images } : {}) };
}

export const taxonLinks = (code: string) => ({ self: href(`/taxons/${enc(code)}`) });

/** The property max depths on the path to an object, innermost first (null: none). */
type Path = readonly (number | null)[];

const tooDeep = (path: Path) => path.some((max, i) => max !== null && i + 1 > max);

const MAX_DEPTH = 2;

function translationsOf(graph: TaxonGraph, row: TaxonRow): { name: string | undefined; all: TaxonTranslationView[] } {
  const stored = graph.translations.get(row.id) ?? [];
  const current = stored.find((t) => t.locale === CURRENT_LOCALE);
  const all: TaxonTranslationView[] = stored.map((t) => ({
    id: t.id,
    locale: t.locale,
    name: t.name,
    slug: t.slug,
    ...(t.description === null ? {} : { description: t.description }),
  }));
  if (!current) all.push({ locale: CURRENT_LOCALE });
  return { name: current?.name, all };
}

/**
 * A collection JMS serialized with some elements skipped: it keeps the
 * others' keys, so PHP encodes a list only when the kept keys are 0..n-1 (a
 * skipped first child turns the children into `{"1": ..., "2": ...}`).
 */
function phpArray<T>(elements: readonly (T | undefined)[]): T[] | Record<string, T> {
  const kept = elements.flatMap((element, index) => (element === undefined ? [] : [[String(index), element] as const]));
  return kept.every(([key], i) => key === String(i)) ? kept.map(([, element]) => element) : Object.fromEntries(kept);
}

/**
 * The representation of the taxon `id` in `group`, reached through `path`
 * while serializing `visiting`; undefined when JMS skips it.
 */
export function represent(graph: TaxonGraph, id: number | null, detailed: boolean, path: Path = [], visiting: ReadonlySet<number> = new Set()): TaxonView | undefined {
  if (id === null || visiting.has(id) || tooDeep(path)) return undefined;
  const row = graph.byId.get(id);
  if (!row) return undefined;
  const inside = new Set(visiting).add(id);
  const { name, all } = translationsOf(graph, row);
  const root = represent(graph, row.rootId, detailed, [MAX_DEPTH, ...path], inside);
  const parent = represent(graph, row.parentId, detailed, [MAX_DEPTH, ...path], inside);
  const children = detailed ? phpArray((graph.children.get(row.id) ?? []).map((child) => represent(graph, child.id, detailed, [null, ...path], inside))) : undefined;
  // A translation is reached through `translations`: skipped as deep as a child.
  const shown = tooDeep([null, ...path]) ? [] : all;
  return {
    id: row.id,
    ...(name === undefined ? {} : { name }),
    code: row.code,
    ...(root ? { root } : {}),
    ...(parent ? { parent } : {}),
    ...(children ? { children, left: row.left, right: row.right, level: row.level } : {}),
    position: row.position,
    translations: shown.length === 0 ? [] : Object.fromEntries(shown.map((t) => [t.locale, t])),
    images: graph.images?.get(row.id) ?? [],
    _links: taxonLinks(row.code),
  };
}
