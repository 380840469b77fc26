/** The Sylius fixture resources/product_attributes.yml, loaded through the API. */
import { expect } from "vitest";
import { api } from "../fixtures/http";
import { listAll } from "../fixtures/sylius";
import { ensureLocales } from "../fixtures/references";

const PATH = "/api/v1/product-attributes/";
export const YELLOW = "7a968ac4-a1e3-4a37-a707-f22a839130c4";
export const GREEN = "ff62a939-d946-4d6b-b742-b7115875ae75";

/** resources/product_attributes.yml (and locales.yml, plus the fixture's `de`). */
export async function loadAttributeFixture(): Promise<void> {
  await ensureLocales("en_US", "nl_NL", "fr_FR", "de_CH", "de");
  for (const item of await listAll<{ code: string }>(PATH)) expect((await api("DELETE", `${PATH}${item.code}`)).status).toBe(204);
  const fixture = [
    { type: "text", code: "mug_material", translations: { de: { name: "Becher Sammlung" }, en_US: { name: "Mug collection" } } },
    { type: "text", code: "mug_collection", translations: { de: { name: "Becher Material" }, en_US: { name: "Mug material" } } },
    {
      type: "select",
      code: "mug_color",
      translations: { en_US: { name: "Mug color" } },
      configuration: { choices: { [YELLOW]: { en_US: "yellow" }, [GREEN]: { en_US: "green" } }, multiple: true },
    },
  ];
  for (const { type, ...body } of fixture) {
    const res = await api("POST", `${PATH}${type}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

