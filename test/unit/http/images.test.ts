/** Pure parts of image uploads: bracket field names, format sniffing, Sylius-style paths. */
import { describe, expect, it } from "vitest";
import { fieldPath } from "../../../src/http/resources/images/multipart";
import { IMAGE_PATH, newImagePath, sniffImage } from "../../../src/http/resources/images/files";
import { gif, jpeg, png, webp } from "../../fixtures/images";

describe("fieldPath", () => {
  it("reads PHP's bracket notation", () => {
    expect(fieldPath("code")).toEqual(["code"]);
    expect(fieldPath("images[0][file]")).toEqual(["images", "0", "file"]);
    expect(fieldPath("channels[]")).toEqual(["channels", ""]);
    expect(fieldPath("translations[en_US][name]")).toEqual(["translations", "en_US", "name"]);
  });
  it("refuses what is not a field name, nests too deep or names a prototype key", () => {
    expect(fieldPath("[x]")).toBeNull();
    expect(fieldPath("a[b")).toBeNull();
    expect(fieldPath("a[1][2][3][4][5][6][7][8]")).toBeNull();
    expect(fieldPath("__proto__[x]")).toBeNull();
    expect(fieldPath("a[constructor]")).toBeNull();
  });
});

describe("sniffImage", () => {
  it("knows the four formats by their first bytes", () => {
    expect(sniffImage(png())).toEqual({ contentType: "image/png", extension: "png" });
    expect(sniffImage(jpeg())).toEqual({ contentType: "image/jpeg", extension: "jpeg" });
    expect(sniffImage(gif())).toEqual({ contentType: "image/gif", extension: "gif" });
    expect(sniffImage(webp())).toEqual({ contentType: "image/webp", extension: "webp" });
  });
  it("refuses anything else, however it is named", () => {
    expect(sniffImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(new TextEncoder().encode("RIFF\0\0\0\0WAVE"))).toBeNull();
  });
});

describe("newImagePath", () => {
  it("splits 16 random bytes as ab/cd/<rest>.<ext>", () => {
    const path = newImagePath("png", (bytes) => bytes.fill(0x12));
    expect(path).toBe(`12/12/${"12".repeat(14)}.png`);
    expect(path).toMatch(IMAGE_PATH);
  });
  it("draws again while the path contains `ad` (ad blockers hide such paths)", () => {
    let draws = 0;
    const path = newImagePath("gif", (bytes) => bytes.fill(draws++ === 0 ? 0xad : 0x01));
    expect(draws).toBe(2);
    expect(path).not.toContain("ad");
  });
});
