/**
 * `/api/v1/tax-rates/`: a rate (exact decimal fraction) of a tax category in
 * a zone. Nothing references a tax rate, so DELETE never answers 409.
 *
 * List: default sorting `createdAt asc` (creation order, as Sylius lists
 * them); sortable `code`, `name`, `amount`, `createdAt`, `updatedAt`;
 * `criteria[code|name]`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2.
 *
 * The form is Sylius 1.8's TaxRateType with CoreBundle's extension (name,
 * category, calculator, amount, includedInPrice, zone, then the code added
 * on PRE_SET_DATA) and its messages (TaxationBundle's and CoreBundle's
 * TaxRate.xml, TaxationBundle's validators.en.yml).
 */
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { defineForm, isEmptyBody, validateForm, rethrowUniqueViolation } from "../../form";
import { CODE_PATTERN, optionalBoolean, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { notFound } from "../../errors";
import { taxCategories, taxRates } from "../../../data/schema";
import { namedBatch, runBatch } from "../../../data/batch";
import { listPage, namedListSpec } from "../../list-page";
import { categoryByCode } from "../../../data/queries/categories";
import {
  decimalAtMost,
  decimalText,
  TAX_CALCULATORS,
  taxRateByCode,
  taxRateColumns,
} from "../../../data/queries/tax-rates";
import { zoneByCode } from "../../../data/queries/zones";
import { serializeTaxRate } from "./serializer";
import { nowIso } from "../../serializers/timestamps";
import { crudDocs, describeRoute, listSpecOf } from "../../openapi/describe";
import { CODE_DESCRIPTION, documentForm, EMPTY_PUT_NOTE, IGNORED_CODE, type InputShape } from "../../openapi/form-docs";
import { TaxRate, TaxRatePage } from "./schemas";

export const TAX_RATE_MESSAGES = {
  codeBlank: "Please enter tax rate code.",
  codePattern: "Tax rate code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "The tax rate with given code already exists.",
  nameBlank: "Please enter tax rate name.",
  categoryBlank: "Please select tax category.",
  amountBlank: "Please enter tax rate amount.",
  calculatorBlank: "Please select tax calculator.",
  zoneBlank: "Please select tax zone.",
} as const;
const UNIQUE_CODE = TAX_RATE_MESSAGES.unique;
/** Largest accepted rate (1000 %). */
const MAX_AMOUNT = 10;

/** A decimal fraction (number or numeric string) 0..10, as exact normalised text. */
const amount = (required: boolean) =>
  z.unknown().transform((value, ctx): string | undefined => {
    if (value === undefined && !required) return undefined;
    if (value === undefined || value === null || value === "") {
      ctx.addIssue({ code: "custom", message: TAX_RATE_MESSAGES.amountBlank });
      return z.NEVER;
    }
    const text = decimalText(value);
    if (text === null || !decimalAtMost(text, MAX_AMOUNT)) {
      ctx.addIssue({ code: "custom", message: MSG.invalid });
      return z.NEVER;
    }
    return text;
  });
const calculator = () =>
  z
    .enum(TAX_CALCULATORS, { error: (issue) => (issue.input === null || issue.input === "" ? TAX_RATE_MESSAGES.calculatorBlank : MSG.invalid) })
    .optional();

/** `amount` parses `unknown` (exact decimals): what it accepts. */
const taxAmount = (examples: unknown[]): InputShape => ({
  schema: z
    .union([z.number(), z.string()])
    .meta({ description: "The rate as a decimal fraction 0..10 (number or numeric string), kept exactly: 0.23 = 23 %." }),
  examples,
});

const rateCode = () => requiredString(TAX_RATE_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: TAX_RATE_MESSAGES.codePattern });

export const createForm = defineForm({
  name: requiredString(TAX_RATE_MESSAGES.nameBlank),
  category: requiredString(TAX_RATE_MESSAGES.categoryBlank),
  calculator: calculator(),
  amount: amount(true),
  includedInPrice: optionalBoolean(),
  zone: requiredString(TAX_RATE_MESSAGES.zoneBlank),
  code: rateCode(),
});

documentForm(createForm, {
  component: "TaxRateCreate",
  shapes: { amount: taxAmount([0.23, "0.08"]) },
  descriptions: { code: CODE_DESCRIPTION, category: "Tax category code.", zone: "Zone code." },
  example: { code: "us_reduced", name: "US reduced", amount: 0.05, includedInPrice: false, calculator: "default", category: "other", zone: "US" },
});

export const updateForm = defineForm({
  name: requiredString(TAX_RATE_MESSAGES.nameBlank).optional(),
  category: requiredString(TAX_RATE_MESSAGES.categoryBlank).optional(),
  calculator: calculator(),
  amount: amount(false),
  includedInPrice: optionalBoolean(),
  zone: requiredString(TAX_RATE_MESSAGES.zoneBlank).optional(),
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
});

documentForm(updateForm, {
  component: "TaxRateUpdate",
  shapes: { code: IGNORED_CODE, amount: taxAmount([0.2, "0.1"]) },
  example: { amount: "0.06" },
});

const missing = (code: string) => notFound(`Tax rate with code "${code}" does not exist.`);

/** The list: sorted and filtered as the handler reads it, documented from the same spec. */
const LIST = { ...namedListSpec(taxRates, { amount: taxRates.amount }), defaultSorting: { field: "createdAt", direction: "asc" } } as const;

const docs = crudDocs({
  tag: "Tax rates",
  noun: "tax rate",
  plural: "tax rates",
  idPrefix: "TaxRate",
  item: TaxRate,
  page: TaxRatePage,
  create: createForm,
  update: updateForm,
  list: listSpecOf(LIST),
  deleteConflict: false,
  putNote: EMPTY_PUT_NOTE,
});

export const taxRateRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", describeRoute(docs.list), async (c) => {
    const db = c.var.db;
    const page = listPage(db, taxRates, c.req.url, LIST);
    const { rows, counted } = await namedBatch(db, {
      rows: page.rows(db.select(taxRateColumns).from(taxRates).$dynamic()),
      counted: page.count,
    });
    return c.json(page.envelope("/api/v1/tax-rates/", counted, rows.map(serializeTaxRate)));
  })
  .get("/:code", describeRoute(docs.get), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const {
      rows: [rate],
    } = await namedBatch(db, { rows: taxRateByCode(db, code) });
    if (!rate) throw missing(code);
    return c.json(serializeTaxRate(rate));
  })
  .post("/", describeRoute(docs.create), async (c) => {
    const db = c.var.db;
    const result = validateForm(createForm, c.var.body);
    const values = result.values;
    const code = values.code ?? "";
    const {
      existing: [existing],
      category: [category],
      zone: [zone],
    } = await namedBatch(db, {
      existing: taxRateByCode(db, code),
      category: categoryByCode(db, taxCategories, values.category ?? ""),
      zone: zoneByCode(db, values.zone ?? ""),
    });
    if (existing) result.fail("code", UNIQUE_CODE);
    if (values.category !== undefined && !category) result.fail("category", MSG.invalid);
    if (values.zone !== undefined && !zone) result.fail("zone", MSG.invalid);
    result.assertValid();
    // Both are required fields and were found, or the form failed above.
    if (!category || !zone) throw new Error("A valid tax rate form has a category and a zone.");
    try {
      const {
        rows: [rate],
      } = await namedBatch(db, {
        rate: db.insert(taxRates).values({
          code,
          name: result.required("name"),
          amount: result.required("amount"),
          includedInPrice: values.includedInPrice ?? false,
          calculator: values.calculator ?? "default",
          categoryId: category.id,
          zoneId: zone.id,
        }),
        rows: taxRateByCode(db, code),
      });
      if (!rate) throw new Error(`Tax rate "${code}" was not read back after its insert.`);
      return c.json(serializeTaxRate(rate), 201);
    } catch (error) {
      rethrowUniqueViolation(error, result, "code", UNIQUE_CODE);
    }
  })
  .on(["PUT", "PATCH"], "/:code", describeRoute(docs.put, docs.patch), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const result = validateForm(updateForm, c.var.body);
    const values = result.values;
    const {
      rate: [rate],
      category: [category],
      zone: [zone],
    } = await namedBatch(db, {
      rate: taxRateByCode(db, code),
      category: categoryByCode(db, taxCategories, values.category ?? ""),
      zone: zoneByCode(db, values.zone ?? ""),
    });
    if (!rate) throw missing(code);
    if (values.category !== undefined && !category) result.fail("category", MSG.invalid);
    if (values.zone !== undefined && !zone) result.fail("zone", MSG.invalid);
    if (c.req.method === "PUT" && isEmptyBody(c.var.body)) {
      result.fail("name", TAX_RATE_MESSAGES.nameBlank);
      result.fail("category", TAX_RATE_MESSAGES.categoryBlank);
      result.fail("calculator", TAX_RATE_MESSAGES.calculatorBlank);
      result.fail("amount", TAX_RATE_MESSAGES.amountBlank);
      result.fail("zone", TAX_RATE_MESSAGES.zoneBlank);
    }
    result.assertValid();
    await runBatch(db, [
      db
        .update(taxRates)
        .set({
          name: values.name ?? rate.name,
          amount: values.amount ?? rate.amount,
          includedInPrice: values.includedInPrice ?? rate.includedInPrice,
          calculator: values.calculator ?? rate.calculator,
          categoryId: category?.id ?? rate.categoryId,
          zoneId: zone?.id ?? rate.zoneId,
          updatedAt: nowIso(),
        })
        .where(eq(taxRates.id, rate.id)),
    ]);
    return c.body(null, 204);
  })
  .delete("/:code", describeRoute(docs.delete), async (c) => {
    const db = c.var.db;
    const code = c.req.param("code");
    const {
      rate: [rate],
    } = await namedBatch(db, { rate: taxRateByCode(db, code) });
    if (!rate) throw missing(code);
    await runBatch(db, [db.delete(taxRates).where(eq(taxRates.id, rate.id))]);
    return c.body(null, 204);
  });
