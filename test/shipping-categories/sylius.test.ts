/** Shipping categories as Sylius 1.8's ShippingCategoryApiTest drives them (test/fixtures/suites/categories.ts). */
import { describe, expect, it } from "vitest";
import { api, uniqueCode } from "../fixtures/http";
import { describeCategorySylius, SHIPPING_CATEGORIES_SYLIUS } from "../fixtures/suites/categories";

describeCategorySylius(SHIPPING_CATEGORIES_SYLIUS);

describe("shipping categories: Sylius' name length (2..255)", () => {
  it("answers ShippingBundle's length messages", async () => {
    const base = "/api/v1/shipping-categories/";
    const short = await api("POST", base, { code: uniqueCode("C"), name: "x" });
    expect(short.body.errors.children.name).toEqual({ errors: ["Category name must be at least 2 characters long."] });
    const long = await api("POST", base, { code: uniqueCode("C"), name: "x".repeat(256) });
    expect(long.body.errors.children.name).toEqual({ errors: ["Category name must not be longer than 255 characters."] });
  });
});
