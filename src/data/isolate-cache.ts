/**
 * What an isolate keeps between requests, on one mechanism. Each cache is
 * declared once, where it is kept: its name, its file, what its entries are
 * kept by, its bound, and what it is read behind (what makes an entry stale
 * and how a request notices), or, for a derived cache, what it is derived
 * from. The declarations make one registry, which
 * docs/performance/caches.md lists and test/caches/ holds to that page.
 *
 * Two kinds:
 * - `checked`: an entry may go stale (D1 changes under it), so every use
 *   compares it with what D1 answers in the same request (a version, or the
 *   rows themselves) and makes it anew when they differ;
 * - `derived`: a pure function of code, configuration or its own key (a
 *   token's digest, a statement's SQL text): nothing can make it stale, so
 *   nothing invalidates it.
 *
 * Memory only: a fresh isolate starts with every cache empty.
 */

/** How an entry is kept from answering stale. */
export type CacheKind = "checked" | "derived";

/**
 * Which entries go past a bound:
 * - `oldest`: the entry set longest ago (setting a key again makes it the newest);
 * - `first-kept`: the entry kept first (setting a key again keeps its place);
 * - `all`: a new key past the bound starts the memory afresh.
 */
export type Eviction = "oldest" | "first-kept" | "all";

/** How much a cache keeps: at most `entries` entries and `chars` characters (as its owner counts them), or a set of keys fixed by code or configuration. */
export type CacheBound = { readonly entries: number; readonly chars?: number; readonly evict: Eviction } | { readonly fixed: string };

export interface IsolateCacheDeclaration {
  /** Its name, as docs/performance/caches.md lists it. */
  readonly name: string;
  /** The file it is kept in, from the repository's root. */
  readonly file: string;
  /** What an entry is kept by. */
  readonly key: string;
  readonly bound: CacheBound;
  readonly kind: CacheKind;
  /** `checked`: what every use compares the entry with (what invalidates it); `derived`: what it is derived from. */
  readonly readBehind: string;
}

const declared = new Map<string, IsolateCacheDeclaration>();

/** Registers `declaration` (once per name; a module loaded again declares the same cache again). */
export function declareIsolateCache(declaration: IsolateCacheDeclaration): IsolateCacheDeclaration {
  const known = declared.get(declaration.name);
  if (known && known.file !== declaration.file) throw new Error(`two isolate caches are named "${declaration.name}": ${known.file} and ${declaration.file}`);
  declared.set(declaration.name, declaration);
  return declaration;
}

/** Every cache declared by the modules loaded so far, by name. */
export const isolateCaches = (): readonly IsolateCacheDeclaration[] => [...declared.values()].sort((a, b) => a.name.localeCompare(b.name));

/** A bound as docs/performance/caches.md writes it: `1,000 entries, 16,000,000 characters; oldest out`, or the fixed set's description. */
export function boundText(bound: CacheBound): string {
  if ("fixed" in bound) return bound.fixed;
  const count = (n: number, unit: string) => `${n.toLocaleString("en-US")} ${unit}`;
  const sizes = [count(bound.entries, "entries"), ...(bound.chars === undefined ? [] : [count(bound.chars, "characters")])];
  const out = { oldest: "oldest out", "first-kept": "first kept out", all: "all out" }[bound.evict];
  return `${sizes.join(", ")}; ${out}`;
}

/**
 * A keyed cache: entries by key, each counted as `chars` characters by its
 * owner (1 when only their number is bounded), within the declared bound. An
 * entry's size may grow after it is kept (a body written later), through
 * `grow`.
 */
export class IsolateMemory<K, V> {
  private readonly entries = new Map<K, { value: V; chars: number }>();
  private chars = 0;
  private readonly maxEntries: number;
  private readonly maxChars: number;
  private readonly evict: Eviction | null;

  constructor(readonly declaration: IsolateCacheDeclaration) {
    declareIsolateCache(declaration);
    const bound = declaration.bound;
    const fixed = "fixed" in bound;
    this.maxEntries = fixed ? Number.POSITIVE_INFINITY : bound.entries;
    this.maxChars = fixed ? Number.POSITIVE_INFINITY : (bound.chars ?? Number.POSITIVE_INFINITY);
    this.evict = fixed ? null : bound.evict;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value` (of `chars` characters) under `key`, in place of what was kept there. */
  set(key: K, value: V, chars = 1): void {
    const known = this.entries.get(key);
    if (known && this.evict === "first-kept") {
      this.chars += chars - known.chars;
      this.entries.set(key, { value, chars });
    } else {
      if (known) this.delete(key);
      else if (this.evict === "all" && this.entries.size >= this.maxEntries) this.clear();
      this.entries.set(key, { value, chars });
      this.chars += chars;
    }
    this.trim();
  }

  /** Counts `chars` more for the entry under `key` while it is `value` (false: not kept any more). */
  grow(key: K, value: V, chars: number): boolean {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return false;
    entry.chars += chars;
    this.chars += chars;
    this.trim();
    return true;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.chars -= entry.chars;
    this.entries.delete(key);
  }

  private clear(): void {
    this.entries.clear();
    this.chars = 0;
  }

  /** Past a bound: forgets the oldest entries while over it (or all, for `all`). */
  private trim(): void {
    if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) return;
    if (this.evict === "all") return this.clear();
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) return;
      this.delete(oldest);
    }
  }
}

/** One value made on first use and kept for the isolate's life (a `derived` cache of one entry). */
export class IsolateValue<T> {
  private made = false;
  private value: T | undefined;

  constructor(readonly declaration: IsolateCacheDeclaration) {
    declareIsolateCache(declaration);
  }

  /** The value, made by `make` the first time. */
  get(make: () => T): T {
    if (!this.made) {
      this.value = make();
      this.made = true;
    }
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Set on the first call, above: a T from then on.
    return this.value as T;
  }
}
