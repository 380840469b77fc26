import { sql } from "drizzle-orm";
import { codeOnlyResource } from "./routes";
import { currencies } from "../../../data/schema";

/** `/api/v1/currencies/`: ISO 4217 codes like `USD`. */
export const currencyRoutes = codeOnlyResource({
  path: "currencies",
  table: currencies,
  noun: "Currency",
  codePattern: /^[A-Z]{3}$/,
  uniqueMessage: "Currency code must be unique.",
  inUse: (row) => sql`(
      EXISTS (SELECT 1 FROM channel_currencies WHERE currency_id = ${row.id})
      OR EXISTS (SELECT 1 FROM channels WHERE base_currency_id = ${row.id})
      OR EXISTS (SELECT 1 FROM orders WHERE currency_code = ${row.code})
    )`,
});
