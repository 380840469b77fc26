/**
 * Lists as Sylius 1.8's admin API tests read them (tests/Controller/*ApiTest.php): the default
 * order without `sorting`, the sorting fields of Sylius' grids, the string filter's nested form
 * (`criteria[field][type]`, `criteria[field][value]`) and the paginator's 404.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { itemsOf } from "../fixtures/sylius";
import { call, servedDocument } from "../fixtures/contract";
import { createChannel, createCurrency, createLocale, createZone, ensureLocales } from "../fixtures/references";
import { createVariant, insertProduct, variantsPath } from "../fixtures/catalog";

type Operation = { parameters?: { name: string }[]; responses: Record<string, unknown> };

/** The paginated lists the document declares (GET operations that read `page`: the event feed, walked by cursor only, is not one). */
async function declaredLists(): Promise<string[]> {
  const document = await servedDocument();
  return Object.entries(document.paths as Record<string, { get?: Operation }>)
    .filter(([, item]) => item.get?.parameters?.some((p) => p.name === "page"))
    .map(([path]) => path);
}

const params = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, "ANY"]));

describe("CustomerApiTest", () => {
  it("it_returns_page_not_found_if_limit_is_set_to_0", async () => {
    const res = await api("GET", "/api/v1/customers/?limit=0");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: "Page Not Found" });
  });
});

describe("Pagerfanta's page checks, on every list", () => {
  it("answers a declared 404 Page Not Found to a limit of 0 or less and a page below 1", async () => {
    const lists = await declaredLists();
    expect(lists.length).toBeGreaterThan(20);
    for (const path of lists) {
      for (const query of ["limit=0", "limit=-1", "page=0", "page=-2"]) {
        // `call` checks the status is declared and the body matches its schema.
        const res = await call("GET", path, { params: params(path), query });
        expect(res.status, `${path}?${query}`).toBe(404);
        expect(res.body, `${path}?${query}`).toEqual({ code: 404, message: "Page Not Found" });
      }
    }
  });
});

/** Sylius' string filter, nested: `criteria[field][type]=…&criteria[field][value]=…`. */
const nested = (field: string, type: string, value?: string) =>
  `criteria%5B${field}%5D%5Btype%5D=${type}${value === undefined ? "" : `&criteria%5B${field}%5D%5Bvalue%5D=${encodeURIComponent(value)}`}`;

const codes = (body: { _embedded: { items: { code: string }[] } }) => body._embedded.items.map((item) => item.code);

describe("ChannelApiTest", () => {
  it("it_allows_indexing_channels", async () => {
    // Sylius lists channels in creation order (no grid, no sorting): WEB before MOB.
    const prefix = uniqueCode("IDX");
    await createChannel({ code: `${prefix}_WEB` });
    await createChannel({ code: `${prefix}_MOB` });
    const res = await api("GET", `/api/v1/channels/?criteria[code]=${prefix}`);
    expect(res.status).toBe(200);
    expect(codes(res.body)).toEqual([`${prefix}_WEB`, `${prefix}_MOB`]);
    // The grid's fields sort too: `nameAndDescription` by the name, `enabled`.
    expect((await api("GET", `/api/v1/channels/?criteria[code]=${prefix}&sorting[code]=asc`)).body._embedded.items[0].code).toBe(`${prefix}_MOB`);
    for (const field of ["nameAndDescription", "enabled"]) expect((await api("GET", `/api/v1/channels/?sorting[${field}]=desc`)).status).toBe(200);
  });
});

describe("PromotionApiTest", () => {
  const prefix = uniqueCode("PRM");
  const create = (code: string, body: Record<string, unknown>) => api("POST", "/api/v1/promotions/", { code: `${prefix}_${code}`, name: `${code} promotion`, priority: 0, ...body });

  it("it_allows_indexing_promotions", async () => {
    for (const [code, couponBased] of [["Sunday", false], ["Holiday", true], ["Friday", true]] as const) expect((await create(code, { couponBased })).status).toBe(201);
    expect((await create("Top", { priority: 5 })).status).toBe(201);
    // `priority desc` (Sylius' grid), one priority in creation order.
    const res = await api("GET", `/api/v1/promotions/?criteria[code]=${prefix}`);
    expect(res.status).toBe(200);
    expect(codes(res.body)).toEqual(["Top", "Sunday", "Holiday", "Friday"].map((code) => `${prefix}_${code}`));
    // A cursor walk keeps that order, page by page.
    const walked: string[] = [];
    let next: string | undefined = `/api/v1/promotions/?criteria[code]=${prefix}&limit=1&cursor=`;
    while (next) {
      const page: { status: number; body: { _embedded: { items: { code: string }[] }; _links: { next?: { href: string } } } } = await api("GET", next);
      expect(page.status).toBe(200);
      walked.push(...codes(page.body));
      next = page.body._links.next?.href;
    }
    expect(walked).toEqual(codes(res.body));
  });

  it("it_allows_to_get_promotions_list_filtered_by_name_and_code", async () => {
    const res = await api("GET", `/api/v1/promotions/?criteria[search]=${prefix}&criteria[code]=${prefix}&sorting[usage]=asc`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    const day = await api("GET", `/api/v1/promotions/?criteria[code]=${prefix}&criteria[search][type]=ends_with&criteria[search][value]=day%20promotion`);
    expect(codes(day.body)).toEqual(["Sunday", "Holiday", "Friday"].map((code) => `${prefix}_${code}`));
  });

  it("it_allows_to_get_list_of_coupon_based_promotions", async () => {
    const res = await api("GET", `/api/v1/promotions/?criteria[code]=${prefix}&criteria[couponBased]=true`);
    expect(codes(res.body)).toEqual([`${prefix}_Holiday`, `${prefix}_Friday`]);
    // A boolean filter takes no type.
    const typed = await api("GET", `/api/v1/promotions/?criteria[couponBased][type]=equal&criteria[couponBased][value]=true`);
    expect(typed.status).toBe(400);
  });
});

describe("TaxCategoryApiTest", () => {
  it("it_allows_to_get_sorted_tax_categories", async () => {
    const prefix = uniqueCode("TCS");
    for (const [code, name] of [["1", "Tax Category B"], ["2", "Tax Category A"], ["3", "Tax Category C"]]) {
      expect((await api("POST", "/api/v1/tax-categories/", { code: `${prefix}_${code}`, name })).status).toBe(201);
    }
    const plain = await api("GET", `/api/v1/tax-categories/?criteria[code]=${prefix}`);
    expect(codes(plain.body)).toEqual(["1", "2", "3"].map((code) => `${prefix}_${code}`));
    const res = await api("GET", `/api/v1/tax-categories/?criteria[code]=${prefix}&sorting[nameAndDescription]=asc`);
    expect(res.status).toBe(200);
    expect(res.body._links.self.href).toContain("sorting%5BnameAndDescription%5D=asc");
    expect(codes(res.body)).toEqual(["2", "1", "3"].map((code) => `${prefix}_${code}`));
  });
});

/** Codes `${prefix}_1..3` named B, A, C (and the third with no `en_US` name when `untranslated`): sorted by name, 2, 1, 3. */
const BY_NAME: [string, string][] = [["1", "Name B"], ["2", "Name A"], ["3", "Name C"]];

/** Creates three resources named as `BY_NAME`, and checks `sorting[sort]` orders them by the `en_US` name, both ways. */
async function expectSortedByName(path: string, sort: string, body: (code: string, name: string) => Record<string, unknown>) {
  await ensureLocales("en_US");
  const prefix = uniqueCode("SRT");
  for (const [code, name] of BY_NAME) {
    const res = await api("POST", path, body(`${prefix}_${code}`, name));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const sorted = async (direction: string) => {
    const res = await api("GET", `${path}?criteria[code]=${prefix}&sorting[${sort}]=${direction}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return codes(res.body);
  };
  expect(await sorted("asc")).toEqual(["2", "1", "3"].map((code) => `${prefix}_${code}`));
  expect(await sorted("desc")).toEqual(["3", "1", "2"].map((code) => `${prefix}_${code}`));
}

describe("Sylius' grids' sorting fields on the configuration lists", () => {
  it("sorts channels by themeName", async () => {
    const prefix = uniqueCode("THM");
    await createChannel({ code: `${prefix}_1`, themeName: "theme/b" });
    await createChannel({ code: `${prefix}_2`, themeName: "theme/a" });
    await createChannel({ code: `${prefix}_3`, themeName: "theme/c" });
    const res = await api("GET", `/api/v1/channels/?criteria[code]=${prefix}&sorting[themeName]=desc`);
    expect(res.status).toBe(200);
    expect(codes(res.body)).toEqual(["3", "1", "2"].map((code) => `${prefix}_${code}`));
  });

  it("sorts exchange rates by id and by ratio", async () => {
    const pairs: string[] = [];
    for (const ratio of ["0.5", "0.25", "0.75"]) {
      const [source, target] = [(await createCurrency()).code, (await createCurrency()).code];
      const res = await api("POST", "/api/v1/exchange-rates/", { ratio, sourceCurrency: source, targetCurrency: target });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      pairs.push(source);
    }
    const mine = async (query: string) => {
      const res = await api("GET", `/api/v1/exchange-rates/?limit=100&${query}`);
      expect(res.status).toBe(200);
      return itemsOf<{ sourceCurrency: { code: string } }>(res).map((item) => item.sourceCurrency.code).filter((code) => pairs.includes(code));
    };
    expect(await mine("sorting[ratio]=asc")).toEqual([pairs[1], pairs[0], pairs[2]]);
    expect(await mine("sorting[ratio]=desc")).toEqual([pairs[2], pairs[0], pairs[1]]);
    expect(await mine("sorting[id]=desc")).toEqual([pairs[2], pairs[1], pairs[0]]);
  });

  it("sorts locales by name, by the code (as Sylius' grid)", async () => {
    const made = [await createLocale(), await createLocale(), await createLocale()].map((locale) => locale.code);
    const res = await api("GET", "/api/v1/locales/?limit=100&sorting[name]=desc");
    expect(res.status).toBe(200);
    expect(codes(res.body).filter((code) => made.includes(code))).toEqual([...made].sort().reverse());
  });

  it("sorts payment methods by their en_US name", async () => {
    await expectSortedByName("/api/v1/payment-methods/", "name", (code, name) => ({ code, translations: { en_US: { name } } }));
  });

  it("sorts shipping methods by their en_US name", async () => {
    const zone = (await createZone()).code;
    await expectSortedByName("/api/v1/shipping-methods/", "name", (code, name) => ({
      code,
      zone,
      calculator: "flat_rate",
      translations: { en_US: { name } },
    }));
  });
});

describe("ProductOptionApiTest", () => {
  it("sorts product options by their en_US name", async () => {
    await expectSortedByName("/api/v1/product-options/", "name", (code, name) => ({ code, translations: { en_US: { name } } }));
  });
});

describe("ProductApiTest", () => {
  it("sorts products by their en_US name, kept as the name changes", async () => {
    const body = (code: string, name: string) => ({ code, translations: { en_US: { name, slug: code.toLowerCase() } } });
    await expectSortedByName("/api/v1/products/", "name", body);
    // Renamed, a product moves: the sort key follows its en_US translation.
    const prefix = uniqueCode("REN");
    for (const [code, name] of BY_NAME) expect((await api("POST", "/api/v1/products/", body(`${prefix}_${code}`, name))).status).toBe(201);
    const renamed = await api("PATCH", `/api/v1/products/${prefix}_3`, { translations: { en_US: { name: "Name 0", slug: `${prefix}_3`.toLowerCase() } } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(204);
    const res = await api("GET", `/api/v1/products/?criteria[code]=${prefix}&sorting[name]=asc`);
    expect(codes(res.body)).toEqual(["3", "2", "1"].map((code) => `${prefix}_${code}`));
  });
});

describe("ProductVariantApiTest", () => {
  let product: string;
  let base: string;
  beforeAll(async () => {
    product = (await insertProduct()).code;
    base = uniqueCode("NST");
    await createVariant(product, { code: `${base}_mug_red`, translations: { en_US: { name: "Red mug" } } });
    await createVariant(product, { code: `${base}_mug_blue`, translations: { en_US: { name: "Blue mug" } } });
    await createVariant(product, { code: `${base}_cap_red` });
  });
  const filtered = async (query: string) => {
    const res = await api("GET", `${variantsPath(product)}?sorting[code]=asc&${query}`);
    expect(res.status, query).toBe(200);
    return codes(res.body).map((code) => code.slice(base.length + 1));
  };

  it("it_allows_indexing_product_variants filtered by Sylius' string filter (criteria[code][type])", async () => {
    expect(await filtered(nested("code", "contains", "MUG"))).toEqual(["mug_blue", "mug_red"]);
    expect(await filtered(nested("code", "not_contains", "mug"))).toEqual(["cap_red"]);
    expect(await filtered(nested("code", "equal", `${base}_cap_red`.toUpperCase()))).toEqual(["cap_red"]);
    expect(await filtered(nested("code", "not_equal", `${base}_cap_red`))).toEqual(["mug_blue", "mug_red"]);
    expect(await filtered(nested("code", "starts_with", `${base}_mug`))).toEqual(["mug_blue", "mug_red"]);
    expect(await filtered(nested("code", "ends_with", "_red"))).toEqual(["cap_red", "mug_red"]);
    expect(await filtered(nested("code", "in", `${base}_cap_red, ${base}_mug_blue,`))).toEqual(["cap_red", "mug_blue"]);
    expect(await filtered(nested("code", "not_in", `${base}_cap_red,${base}_mug_blue`))).toEqual(["mug_red"]);
    // A code is never NULL; a variant without a translation has no name.
    expect(await filtered(nested("code", "empty"))).toEqual([]);
    expect(await filtered(nested("code", "not_empty"))).toEqual(["cap_red", "mug_blue", "mug_red"]);
    expect(await filtered(nested("name", "ends_with", "MUG"))).toEqual(["mug_blue", "mug_red"]);
    // `%` and `_` are literal; the flat form is a contains; a blank value filters nothing.
    expect(await filtered(nested("code", "contains", "%"))).toEqual([]);
    expect(await filtered("criteria%5Bcode%5D=mug_r")).toEqual(["mug_red"]);
    expect(await filtered(nested("code", "contains", " "))).toEqual(["cap_red", "mug_blue", "mug_red"]);
    // The type defaults to `contains`.
    expect(await filtered(`criteria%5Bcode%5D%5Bvalue%5D=blue`)).toEqual(["mug_blue"]);
  });

  it("answers 400 to an unknown criteria type, and to more than 20 `in` values", async () => {
    const res = await api("GET", `${variantsPath(product)}?${nested("code", "like", "x")}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: 'Unknown criteria type "like" for "code"; use contains, not_contains, equal, not_equal, starts_with, ends_with, empty, not_empty, in, not_in.',
    });
    const many = await api("GET", `${variantsPath(product)}?${nested("code", "in", Array.from({ length: 21 }, (_, i) => `c${i}`).join(","))}`);
    expect(many.status).toBe(400);
  });
});

describe("every list that takes criteria", () => {
  it("takes each type of Sylius' string filter, and answers a declared 400 to another", async () => {
    const document = await servedDocument();
    const lists = Object.entries(document.paths as Record<string, { get?: { parameters?: { name: string; schema?: { properties?: Record<string, unknown> } }[] } }>)
      .map(([path, item]) => ({ path, criteria: Object.keys(item.get?.parameters?.find((p) => p.name === "criteria")?.schema?.properties ?? {}) }))
      .filter((list) => list.criteria.length > 0);
    expect(lists.length).toBeGreaterThan(15);
    const paramsOf = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, "ANY"]));
    for (const { path, criteria } of lists) {
      // A nested list of an unknown parent is a 404 once the query is read.
      const found = path.includes("{") ? 404 : 200;
      for (const field of criteria.filter((name) => name !== "couponBased")) {
        for (const type of ["contains", "not_contains", "equal", "not_equal", "starts_with", "ends_with", "empty", "not_empty", "in", "not_in"]) {
          const res = await call("GET", path, { params: paramsOf(path), query: nested(field, type, "ab,c") });
          expect(res.status, `${path} ${field} ${type}`).toBe(found);
        }
        const unknown = await call("GET", path, { params: paramsOf(path), query: nested(field, "sounds_like", "x") });
        expect(unknown.status, `${path} ${field}`).toBe(400);
      }
    }
  });
});
