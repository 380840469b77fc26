/** Shared setup of the supporting-resource tests (countries, payment methods, coupons), through the HTTP API. */
import { expect } from "vitest";
import { api } from "../helpers/http";
import { COUNTRY_CODES } from "../../src/data/queries/zones";

const ALL_CODES = [...COUNTRY_CODES];

/** Creates a country with a code no other test holds (codes are a fixed, shared set): its representation. */
export async function createCountry(extra: Record<string, unknown> = {}): Promise<any> {
  const start = Math.floor(Math.random() * ALL_CODES.length);
  for (let i = 0; i < ALL_CODES.length; i++) {
    const code = ALL_CODES[(start + i) % ALL_CODES.length]!;
    const res = await api("POST", "/api/v1/countries/", { code, ...extra });
    if (res.status === 201) return res.body;
    expect(res.body.errors.children.code.errors).toEqual(["Country ISO code must be unique."]);
  }
  throw new Error("no free country code");
}

export async function created(path: string, body: Record<string, unknown>): Promise<any> {
  const res = await api("POST", path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
