/**
 * The OpenAPI document validates as OpenAPI 3.1 (@seriousme/openapi-schema-validator,
 * which compiles JSON schemas with `new Function`: Node only, hence the "node"
 * vitest project) and every `$ref` in it resolves.
 */
import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { createApp } from "../../src/http/app";
// The demo catalog as text (Vite's `?raw`; test/raw.d.ts types it).
import catalog from "../../scripts/demo/catalog.sql?raw";
import { documentedForms, openApiDocument as documentOf } from "../../src/http/openapi/document";

/** The document of the app as the worker builds it (services are not needed to list routes). */
const openApiDocument = () => documentOf(createApp(async (_c, next) => next()).routes);

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    // A deep copy: the validator may annotate what it is given.
    const result = await validator.validate(structuredClone(openApiDocument()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("resolves every $ref", async () => {
    const document = openApiDocument();
    const refs = new Set<string>();
    JSON.stringify(document, (key, value: unknown) => {
      if (key === "$ref" && typeof value === "string") refs.add(value);
      return value;
    });
    expect(refs.size).toBeGreaterThan(50);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], document);
      expect(target, `${ref} resolves`).toBeTypeOf("object");
    }
  });

  it("detects an invalid document (the check can fail)", async () => {
    const broken = structuredClone(openApiDocument()) as { paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>> };
    // A response without its required description.
    delete broken.paths["/api/v1/carts/"]!.get!.responses["200"]!.description;
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });
});

describe("examples and the demo data", () => {
  // Every quoted value of the demo catalog (codes, emails, names).
  const demo = new Set(
    [...catalog.matchAll(/'([^']*)'/g)].map(([, value]) => value!),
  );

  it("creates nothing the demo data already has (the contract tests create each example on a fresh `npm start`)", () => {
    expect(demo).toContain("MUG_TH");
    const forms = documentedForms(createApp(async (_c, next) => next()).routes);
    const identifiers: string[] = [];
    for (const [id, { docs }] of forms) {
      if (!id.endsWith("Create")) continue;
      for (const key of ["code", "email"]) {
        const value = docs.example[key];
        if (typeof value !== "string") continue;
        identifiers.push(value);
        expect(demo.has(value), `${id}.${key} ${value} is not in the demo data`).toBe(false);
      }
    }
    // 12 before; the new resources' forms +3, tax and shipping categories a create form each +1, taxons +1, product attributes +1,
    // admin users +1, product association types +1, customer groups +1.
    expect(identifiers.length).toBe(21);
    // And the check can fail: the demo zone.
    expect(demo.has("EU")).toBe(true);
  });

  it("fits a currency example to currencies and a locale example to locales", () => {
    const forms = documentedForms(createApp(async (_c, next) => next()).routes);
    expect(forms.get("CurrencyCreate")?.docs.example.code).toMatch(/^[A-Z]{3}$/);
    expect(forms.get("LocaleCreate")?.docs.example.code).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
  });
});
