/**
 * What an isolate keeps of earlier answers (kept cart reads, variant list
 * pages): entries by key, at most `maxEntries` of them and `maxChars`
 * characters in all (as their owner counts them); past either bound the
 * oldest entries go first. An entry's size may grow after it is kept (a body
 * written later), through `grow`.
 */
export class BoundedMemory<K, V> {
  private readonly entries = new Map<K, { value: V; chars: number }>();
  private chars = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value` (of `chars` characters) under `key`, in place of what was kept there. */
  set(key: K, value: V, chars: number): void {
    this.delete(key);
    this.entries.set(key, { value, chars });
    this.chars += chars;
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

  /** Forgets the oldest entries while over a bound. */
  private trim(): void {
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) return;
      this.delete(oldest);
    }
  }
}
