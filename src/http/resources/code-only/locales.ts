import { sql } from "drizzle-orm";
import { codeOnlyResource } from "./routes";
import { locales } from "../../../data/schema";

/** `/api/v1/locales/`: codes like `en_US` (language, optional region). */
export const localeRoutes = codeOnlyResource({
  path: "locales",
  table: locales,
  noun: "Locale",
  codePattern: /^[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_[A-Z]{2}|_\d{3})?$/,
  uniqueMessage: "Locale code must be unique.",
  inUse: (row) => sql`(
      EXISTS (SELECT 1 FROM channel_locales WHERE locale_id = ${row.id})
      OR EXISTS (SELECT 1 FROM channels WHERE default_locale_id = ${row.id})
      OR EXISTS (SELECT 1 FROM product_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM product_variant_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM product_option_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM product_option_value_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM shipping_method_translations WHERE locale = ${row.code})
      OR EXISTS (SELECT 1 FROM orders WHERE locale_code = ${row.code})
    )`,
});
