/**
 * The exchange rate form: CurrencyBundle's ExchangeRateType (ratio: a
 * NumberType of scale 5, rounded half-even; sourceCurrency and
 * targetCurrency: CurrencyChoiceType, added on PRE_SET_DATA and disabled
 * once the rate exists), ExchangeRate.xml and CurrencyBundle's
 * validators.en.yml.
 */
import { z } from "zod";
import { defineForm, isPlainObject, type FormResult } from "../../form";
import { MSG } from "../../../domain/messages";
import { documentForm, type InputShape } from "../../openapi/form-docs";

export const EXCHANGE_RATE_MESSAGES = {
  ratioBlank: "Please enter exchange rate ratio.",
  ratioNotNumber: "The ratio must be a number.",
  ratioNotPositive: "The ratio must be greater than 0.",
  pairTaken: "The currency pair must be unique.",
  sameCurrencies: "The source and target currencies must differ.",
} as const;

/** decimal(10, 5): at most 10 digits, 5 of them decimals. */
const MAX_UNITS = 9_999_999_999n;

/**
 * A ratio as Symfony's NumberType reads it (a number, or a text with `.` or
 * `,` as the decimal separator), rounded half-even to 5 decimals: its
 * hundred-thousandths, or the message it fails with.
 */
export function parseRatio(value: unknown): { units: number } | { message: string } {
  if (value === undefined || value === null) return { message: EXCHANGE_RATE_MESSAGES.ratioBlank };
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { message: EXCHANGE_RATE_MESSAGES.ratioNotNumber };
    text = /e/i.test(String(value)) ? value.toFixed(20) : String(value);
  } else if (typeof value === "string") {
    text = value.trim();
    if (text === "") return { message: EXCHANGE_RATE_MESSAGES.ratioBlank };
    text = text.replace(",", ".");
  } else return { message: EXCHANGE_RATE_MESSAGES.ratioNotNumber };
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (!match || (whole === "" && fraction === "") || whole.length > 30) return { message: EXCHANGE_RATE_MESSAGES.ratioNotNumber };
  const kept = fraction.slice(0, 5).padEnd(5, "0");
  const rest = fraction.slice(5);
  let units = BigInt(`${whole || "0"}${kept}`);
  const half = rest.length > 0 && rest[0] === "5" && /^0*$/.test(rest.slice(1));
  if ((rest.length > 0 && rest[0] !== undefined && rest[0] > "5") || (rest[0] === "5" && !half) || (half && units % 2n === 1n)) units += 1n;
  if (match[1] === "-") units = -units;
  if (units <= 0n) return { message: EXCHANGE_RATE_MESSAGES.ratioNotPositive };
  if (units > MAX_UNITS) return { message: MSG.invalid };
  return { units: Number(units) };
}

const ratio = () =>
  z.unknown().transform((value, ctx): number => {
    const parsed = parseRatio(value);
    if ("message" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    return parsed.units;
  });

/** A CurrencyChoiceType: checked against the stored currencies in the route. */
const currency = () => z.unknown().optional();

export const createForm = defineForm({
  ratio: ratio(),
  sourceCurrency: currency(),
  targetCurrency: currency(),
});

const RATIO: InputShape = {
  schema: z.union([z.number(), z.string()]).meta({
    description:
      "Greater than 0, at most 99999.99999; a number or a text with `.` or `,` as the decimal separator, rounded half-even to 5 decimals.",
  }),
  examples: [0.85157, "0,8515706", "1.06"],
};
const CURRENCY: InputShape = { schema: z.string().meta({ description: "The code of an existing currency." }), examples: ["EUR"] };

documentForm(createForm, {
  component: "ExchangeRateCreate",
  shapes: { ratio: RATIO, sourceCurrency: CURRENCY, targetCurrency: CURRENCY },
  descriptions: { sourceCurrency: "Required: an existing currency, not the target.", targetCurrency: "Required: an existing currency, not the source." },
  requiredByHandler: ["sourceCurrency", "targetCurrency"],
  example: { ratio: 0.85157, sourceCurrency: "EUR", targetCurrency: "GBP" },
});

export const updateForm = defineForm({
  ratio: ratio().optional(),
  sourceCurrency: z.unknown().optional(),
  targetCurrency: z.unknown().optional(),
});

const IGNORED_CURRENCY: InputShape = {
  schema: z.string().meta({ description: "Ignored: the currencies of a rate cannot change (Sylius disables the fields)." }),
  examples: ["EUR"],
};

documentForm(updateForm, {
  component: "ExchangeRateUpdate",
  shapes: { ratio: RATIO, sourceCurrency: IGNORED_CURRENCY, targetCurrency: IGNORED_CURRENCY },
  descriptions: { ratio: "Required by PUT; PATCH keeps it when not sent." },
  example: { ratio: 0.84 },
});

/** The currency code a choice field sends, if it is one (a string). */
export const sentCode = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** The sent currency codes, for the read batch. */
export const sentCurrencies = (body: unknown): string[] =>
  isPlainObject(body) ? [sentCode(body.sourceCurrency), sentCode(body.targetCurrency)].filter((code) => code !== undefined) : [];

/**
 * CurrencyChoiceType's checks on a create: each currency must be a stored
 * one (else `This value is not valid.`, a missing one too: `empty_data` is
 * false); then the form's own rules: different currencies, a pair without a
 * rate either way round. Returns the currencies' ids when all is well.
 */
export function checkCurrencies(
  result: FormResult<typeof createForm.shape>,
  stored: readonly { id: number; code: string }[],
  pairTaken: boolean,
): { source: number; target: number } | undefined {
  const byCode = new Map(stored.map((c) => [c.code, c.id]));
  const resolve = (field: "sourceCurrency" | "targetCurrency") => {
    const code = sentCode(result.values[field]);
    const id = code === undefined ? undefined : byCode.get(code);
    if (id === undefined) result.fail(field, MSG.invalid);
    return id;
  };
  const source = resolve("sourceCurrency");
  const target = resolve("targetCurrency");
  // DifferentSourceTargetCurrency compares what the form mapped: two failed choices are both null, hence "equal".
  if (source === target) result.failForm(EXCHANGE_RATE_MESSAGES.sameCurrencies);
  else if (source !== undefined && target !== undefined && pairTaken) result.failForm(EXCHANGE_RATE_MESSAGES.pairTaken);
  return source !== undefined && target !== undefined && source !== target ? { source, target } : undefined;
}
