/**
 * The variant "default data" shown inside cart items (seed 2.3): id, code,
 * optionValues ({code, translations: {locale: {id, value}}}), position,
 * translations ({locale: {id, name}}), tracked, channelPricings. Loaded for a
 * set of variants selected by an SQL subquery, so it joins any batch.
 */

export interface VariantViewRows {
  variants: { id: number; code: string; position: number; tracked: number; product_code: string }[];
  translations: { id: number; variant_id: number; locale: string; name: string }[];
  optionValues: { variant_id: number; value_id: number; code: string }[];
  optionValueTranslations: { id: number; value_id: number; locale: string; value: string }[];
  prices: { variant_id: number; channel_code: string; price: number }[];
}

/** Statements (in this order) loading the views of `SELECT id ...` variants. */
export function variantViewStatements(db: D1Database, variantIdsSql: string, params: unknown[]): D1PreparedStatement[] {
  const q = (sql: string) => db.prepare(sql).bind(...params);
  return [
    q(`SELECT v.id, v.code, v.position, v.tracked, p.code AS product_code
       FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id IN (${variantIdsSql})`),
    q(`SELECT id, variant_id, locale, name FROM product_variant_translations
       WHERE variant_id IN (${variantIdsSql}) ORDER BY id`),
    q(`SELECT pvov.variant_id, ov.id AS value_id, ov.code FROM product_variant_option_values pvov
       JOIN product_option_values ov ON ov.id = pvov.option_value_id
       JOIN product_options o ON o.id = ov.option_id
       WHERE pvov.variant_id IN (${variantIdsSql}) ORDER BY o.position, o.id`),
    q(`SELECT t.id, t.value_id, t.locale, t.value FROM product_option_value_translations t
       WHERE t.value_id IN (SELECT option_value_id FROM product_variant_option_values WHERE variant_id IN (${variantIdsSql}))
       ORDER BY t.id`),
    q(`SELECT variant_id, channel_code, price FROM channel_pricings
       WHERE variant_id IN (${variantIdsSql}) ORDER BY channel_code`),
  ];
}

export const VARIANT_VIEW_STATEMENTS = 5;

export function variantViewRows(results: D1Result[]): VariantViewRows {
  const [variants, translations, optionValues, optionValueTranslations, prices] = results.map((r) => r.results);
  return {
    variants: variants as VariantViewRows["variants"],
    translations: translations as VariantViewRows["translations"],
    optionValues: optionValues as VariantViewRows["optionValues"],
    optionValueTranslations: optionValueTranslations as VariantViewRows["optionValueTranslations"],
    prices: prices as VariantViewRows["prices"],
  };
}
