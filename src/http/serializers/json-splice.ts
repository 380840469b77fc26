/**
 * Writes JSON that embeds ready-made JSON text verbatim: a cart read gets its
 * units as JSON text from D1 (megabytes for a 9,999-unit cart), and parsing
 * it only to stringify it again would cost more than the whole read.
 * (`JSON.rawJSON` only takes primitives, so it cannot carry an array.)
 *
 * `embed` hands back a stand-in string that `stringify` replaces by the text.
 * The stand-in starts with a NUL character and a random marker, so no value
 * of the document itself can be mistaken for one. The marker is drawn once
 * per isolate (on first use: workerd refuses random values at global scope)
 * and never leaves it: every stand-in is replaced before a body is sent.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** JSON text of a `T`, standing in for a `T` in a value given to `JsonSplicer.stringify`. */
export type Embedded<T> = string & { readonly embeddedJsonOf: T };

let isolateMarker: string | undefined;

export class JsonSplicer {
  private readonly marker = (isolateMarker ??= `\u0000${crypto.randomUUID()}:`);
  private readonly texts: string[] = [];

  /** A stand-in for `text`, which must be the JSON of a `T`. */
  embed<T>(text: string): Embedded<T> {
    this.texts.push(text);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- The marker stands for an embedded T until `stringify` splices it: a branded string.
    return `${this.marker}${this.texts.length - 1}` as Embedded<T>;
  }

  /** `JSON.stringify(value)`, with every stand-in replaced by its text. */
  stringify(value: unknown): string {
    const json = JSON.stringify(value);
    if (this.texts.length === 0) return json;
    // The stand-ins as JSON writes them: `"\u0000<uuid>:<index>"`. Splitting on the
    // quoted marker (a plain string search) leaves each later piece starting with `<index>"`.
    const pieces = json.split(JSON.stringify(this.marker).slice(0, -1));
    const out = [pieces[0] ?? ""];
    for (let i = 1; i < pieces.length; i++) {
      const piece = pieces[i] ?? "";
      const end = piece.indexOf('"');
      out.push(this.texts[Number(piece.slice(0, end))] ?? "null", piece.slice(end + 1));
    }
    return out.join("");
  }
}

/** A response of JSON text written by a `JsonSplicer` (what `c.json` would send for the value). */
export const jsonText = (c: Context, text: string, status: ContentfulStatusCode = 200, headers: Record<string, string> = {}): Response =>
  c.body(text, status, { ...headers, "Content-Type": "application/json" });

/** Lets the isolate run other requests' ready work (a cart change's next step) before going on. */
export const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A long list's elements as JSON text, rendered `chunk` elements at a time
 * with a yield between chunks, so that one big page (100 orders, each with
 * its items and variants) does not hold the isolate for its whole render
 * while other requests' steps wait. Each run is the text between the
 * brackets of `JSON.stringify` of its chunk (`render` embeds through the
 * chunk's splicer); embedding the runs, in order, as the elements of an
 * array gives the bytes `JSON.stringify` of the whole list would.
 */
export async function renderRuns<T>(items: readonly T[], render: (item: T, splicer: JsonSplicer) => unknown, chunk = 20): Promise<string[]> {
  const runs: string[] = [];
  for (let start = 0; start < items.length; start += chunk) {
    if (start > 0) await yieldToOtherRequests();
    const splicer = new JsonSplicer();
    runs.push(splicer.stringify(items.slice(start, start + chunk).map((item) => render(item, splicer))).slice(1, -1));
  }
  return runs;
}
