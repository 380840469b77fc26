/** Product and taxon images: multipart uploads, their representation, their files served back, their removal. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, d1RoundTrips, uniqueCode } from "../fixtures/http";
import { ensureLocales } from "../fixtures/references";
import { fetchImage, gif, IMAGE_PATH, jpeg, png, upload, webp } from "../fixtures/images";
import { runScheduledSweep } from "../fixtures/worker";

const PRODUCTS = "/api/v1/products/";
const TAXONS = "/api/v1/taxons/";

async function productWithImages(code = uniqueCode("MUG")) {
  await ensureLocales("en_US");
  const res = await upload("POST", PRODUCTS, {
    code,
    "translations[en_US][name]": "Theme mug",
    "translations[en_US][slug]": `theme-${code}`,
    "images[0][type]": "main",
    "images[0][file]": { name: "ford.jpg", bytes: jpeg(1) },
    "images[1][file]": { name: "mugs.png", bytes: png(2) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { code, body: res.body };
}

describe("product images", () => {
  it("a multipart create stores the files, shows them by position, and serves the same bytes", async () => {
    const { code, body } = await productWithImages();
    expect(body.images).toEqual([
      { id: expect.any(Number), type: "main", path: expect.stringMatching(IMAGE_PATH) },
      { id: expect.any(Number), path: expect.stringMatching(IMAGE_PATH) },
    ]);
    expect(body.images[0].path).toMatch(/\.jpeg$/);
    expect(body.images[1].path).toMatch(/\.png$/);
    expect(body.translations.en_US.name).toBe("Theme mug");

    const read = await api("GET", `${PRODUCTS}${code}`);
    expect(read.body.images).toEqual(body.images);
    const list = await api("GET", `${PRODUCTS}?criteria%5Bcode%5D=${code}`);
    expect(list.body._embedded.items[0].images).toEqual(body.images);

    const served = await fetchImage(body.images[0].path);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(jpeg(1));
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = served.headers.get("ETag");
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await fetchImage(body.images[0].path, { "If-None-Match": etag ?? "" });
    expect(again.status).toBe(304);
    expect((await fetchImage(body.images[1].path)).headers.get("Content-Type")).toBe("image/png");
  });

  it("reading a product costs the same D1 round trips with images as without", async () => {
    const { code } = await productWithImages();
    const plain = uniqueCode("MUG");
    await api("POST", PRODUCTS, { code: plain, translations: { en_US: { name: "Plain mug", slug: `plain-${plain}` } } });
    const withImages = await api("GET", `${PRODUCTS}${code}`);
    const without = await api("GET", `${PRODUCTS}${plain}`);
    expect(d1RoundTrips(withImages.headers)).toBe(1);
    expect(d1RoundTrips(without.headers)).toBe(1);
    const list = await api("GET", `${PRODUCTS}?limit=5`);
    expect(d1RoundTrips(list.headers)).toBe(1);
  });

  it("GIF and WebP are images too; the content type comes from the bytes, not from the client", async () => {
    await ensureLocales("en_US");
    const code = uniqueCode("MUG");
    const res = await upload("POST", PRODUCTS, {
      code,
      "translations[en_US][name]": "Mug",
      "translations[en_US][slug]": `m-${code}`,
      "images[0][file]": { name: "a.png", bytes: gif(), type: "image/png" },
      "images[1][file]": { name: "b", bytes: webp() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.images.map((image: { path: string }) => image.path.split(".")[1])).toEqual(["gif", "webp"]);
    expect((await fetchImage(res.body.images[1].path)).headers.get("Content-Type")).toBe("image/webp");
  });

  it("an update replaces a file, keeps another, adds one; missing entries are deleted with their files", async () => {
    const { code, body } = await productWithImages();
    const [first, second] = body.images;
    // PATCH: entry 0 gets a new type and file; entry 1 is not sent, so the second image goes with its file.
    const res = await upload("PATCH", `${PRODUCTS}${code}`, {
      "images[0][type]": "cover",
      "images[0][file]": { name: "new.gif", bytes: gif() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    // The token check first (a file is stored only for a known caller), then a read batch and a
    // write batch, which the removed files' paths ride.
    expect(d1RoundTrips(res.headers)).toBe(3);
    const read = await api("GET", `${PRODUCTS}${code}`);
    expect(read.body.images).toEqual([{ id: first.id, type: "cover", path: expect.stringMatching(/\.gif$/) }]);
    expect(await env.IMAGES.head(first.path)).toBeNull();
    expect(await env.IMAGES.head(second.path)).toBeNull();
    expect((await fetchImage(first.path)).status).toBe(404);
    expect(await env.IMAGES.head(read.body.images[0].path)).not.toBeNull();

    // JSON: types and deletes, no upload; a new entry without a file fails.
    const typed = await api("PUT", `${PRODUCTS}${code}`, { images: [{ type: "back" }] });
    expect(typed.status).toBe(204);
    expect((await api("GET", `${PRODUCTS}${code}`)).body.images).toEqual([{ id: first.id, type: "back", path: read.body.images[0].path }]);
    const missing = await api("PATCH", `${PRODUCTS}${code}`, { images: [{}, { type: "x" }] });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.children.images).toEqual({ children: { "1": { children: { file: { errors: ["Please choose an image file to upload."] } } } } });
    const cleared = await api("PATCH", `${PRODUCTS}${code}`, { images: [] });
    expect(cleared.status).toBe(204);
    expect((await api("GET", `${PRODUCTS}${code}`)).body.images).toEqual([]);
    expect(await env.IMAGES.head(read.body.images[0].path)).toBeNull();
  });

  it("deleting the product deletes its images' rows and files", async () => {
    const { code, body } = await productWithImages();
    for (const image of body.images) expect(await env.IMAGES.head(image.path)).not.toBeNull();
    const deleted = await api("DELETE", `${PRODUCTS}${code}`);
    expect(deleted.status).toBe(204);
    expect(d1RoundTrips(deleted.headers)).toBe(2);
    for (const image of body.images) {
      expect(await env.IMAGES.head(image.path)).toBeNull();
      expect((await fetchImage(image.path)).status).toBe(404);
    }
  });

  it("refuses what is not an image, too big a file and too long a type, in the form's shape, and stores nothing", async () => {
    await ensureLocales("en_US");
    const before = await env.IMAGES.list();
    const code = uniqueCode("MUG");
    const res = await upload("POST", PRODUCTS, {
      code,
      "translations[en_US][name]": "Mug",
      "translations[en_US][slug]": `m-${code}`,
      "images[0][file]": { name: "evil.png", bytes: new TextEncoder().encode("<svg onload=alert(1)>"), type: "image/png" },
      "images[1][type]": "t".repeat(256),
      "images[1][file]": { name: "ok.png", bytes: png() },
      "images[2][file]": { name: "big.jpg", bytes: new Uint8Array(10_000_001).fill(0xff) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Validation Failed");
    expect(res.body.errors.children.images).toEqual({
      children: [
        { children: { file: { errors: ["This file is not a valid image."] } } },
        { children: { type: { errors: ["This value is too long. It should have 255 characters or less."] } } },
        { children: { file: { errors: ["The image is too big - 10MB. Maximum allowed size is 10MB."] } } },
      ],
    });
    expect((await api("GET", `${PRODUCTS}${code}`)).status).toBe(404);
    // The good file of the refused request was removed again.
    expect((await env.IMAGES.list()).objects.length).toBe(before.objects.length);
  });

  it("a multipart body over 25 MiB is a 413; a malformed one a 400; an unknown path a 404", async () => {
    const big = await upload("POST", PRODUCTS, { code: "X", "images[0][file]": { name: "a", bytes: new Uint8Array(26 * 1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ code: 413, message: "Request body is larger than 25 MiB." });
    const bad = await api("POST", PRODUCTS, undefined, { headers: { "Content-Type": "multipart/form-data; boundary=x" }, raw: "not multipart" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 400, message: "Malformed multipart/form-data body." });
    expect((await fetchImage("00/00/0000000000000000000000000000.png")).status).toBe(404);
    expect((await fetchImage("../../etc/passwd")).status).toBe(404);
  });

  it("an entry with a field Sylius' image form has not (productVariants) is refused", async () => {
    const { code } = await productWithImages();
    const res = await api("PATCH", `${PRODUCTS}${code}`, { images: [{ productVariants: ["X"] }] });
    expect(res.status).toBe(400);
    expect(res.body.errors.children.images.children["0"].errors).toEqual(["This form should not contain extra fields."]);
  });
});

describe("taxon images", () => {
  it("a multipart create, a read, an update that drops one, and the taxon's delete removing the rest", async () => {
    const code = uniqueCode("toys");
    const res = await upload("POST", TAXONS, {
      code,
      "images[0][type]": "ford",
      "images[0][file]": { name: "ford.jpg", bytes: jpeg(3) },
      "images[1][type]": "mugs",
      "images[1][file]": { name: "mugs.jpg", bytes: jpeg(4) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [ford, mugs] = res.body.images;
    expect(res.body.images).toEqual([
      { id: expect.any(Number), type: "ford", path: expect.stringMatching(IMAGE_PATH) },
      { id: expect.any(Number), type: "mugs", path: expect.stringMatching(IMAGE_PATH) },
    ]);
    expect((await fetchImage(mugs.path)).bytes).toEqual(jpeg(4));
    expect((await api("GET", `${TAXONS}${code}`)).body.images).toEqual(res.body.images);
    const list = await api("GET", `${TAXONS}?criteria%5Bcode%5D=${code}`);
    expect(list.body._embedded.items[0].images).toEqual(res.body.images);

    const dropped = await api("PATCH", `${TAXONS}${code}`, { images: { "1": { type: "mugs" } } });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(204);
    expect((await api("GET", `${TAXONS}${code}`)).body.images).toEqual([{ id: mugs.id, type: "mugs", path: mugs.path }]);
    expect(await env.IMAGES.head(ford.path)).toBeNull();

    expect((await api("DELETE", `${TAXONS}${code}`)).status).toBe(204);
    expect(await env.IMAGES.head(mugs.path)).toBeNull();
  });

  it("deleting a parent removes its descendants' image files", async () => {
    const parent = uniqueCode("p");
    expect((await api("POST", TAXONS, { code: parent })).status).toBe(201);
    const child = await upload("POST", TAXONS, { code: uniqueCode("c"), parent, "images[0][file]": { name: "a.png", bytes: png(9) } });
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    expect((await api("DELETE", `${TAXONS}${parent}`)).status).toBe(204);
    expect(await env.IMAGES.head(child.body.images[0].path)).toBeNull();
  });
});

describe("files whose removal failed", () => {
  it("the hourly sweep removes the queued files", async () => {
    const path = "0e/0f/0123456789abcdef0123456789ab.png";
    await env.IMAGES.put(path, png(7));
    await env.DB.prepare("INSERT INTO image_removals (path) VALUES (?)").bind(path).run();
    expect((await fetchImage(path)).status).toBe(200);
    await runScheduledSweep();
    expect(await env.IMAGES.head(path)).toBeNull();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM image_removals WHERE path = ?").bind(path).first("n")).toBe(0);
  });
});
