/**
 * What a refused request must leave as it was: every D1 table's rows, the
 * R2 bucket's listing, a cart object's alarm and storage. Shared by the
 * tests of authentication (401) and of scopes (403).
 */
import { env, runInDurableObject } from "cloudflare:test";
import { CartGateway } from "../../src/http/cart-gateway";

/** Every D1 table's rows, as one text per table (the tables the platform keeps to itself aside). */
export async function tableContents(): Promise<Record<string, string>> {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name").all<{ name: string }>();
  const contents: Record<string, string> = {};
  const reads = await env.DB.batch(results.map(({ name }) => env.DB.prepare(`SELECT * FROM "${name}"`)));
  results.forEach(({ name }, index) => {
    // Sorted here: some tables have no rowid to order by.
    const rows = reads[index]!.results.map((row) => JSON.stringify(row)).sort();
    contents[name] = `${rows.length} rows: ${rows.join("\n")}`;
  });
  return contents;
}

export async function bucketListing(): Promise<string[]> {
  return (await env.IMAGES.list()).objects.map((object) => object.key).sort();
}

const gateway = new CartGateway(env.CARTS);

export async function objectState(cartId: number): Promise<{ alarm: number | null; keys: string[] }> {
  return runInDurableObject(gateway.stub(cartId), async (_instance, state) => ({
    alarm: await state.storage.getAlarm(),
    keys: [...(await state.storage.list()).keys()],
  }));
}
