/** Exchange rates (routes in ./routes.ts). */
import { z } from "zod";
import { serializeExchangeRate } from "./serializer";
import { CurrencyResource } from "../shared/code-only";
import { component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const ExchangeRate = component(
  "ExchangeRate",
  z.object({
    id: int(),
    ratio: z.number().meta({ examples: [0.85157], description: "Units of the target currency per unit of the source currency; 5 decimals." }),
    sourceCurrency: CurrencyResource,
    targetCurrency: CurrencyResource,
    updatedAt: timestamp(),
    _links: SelfLinks,
  }),
  "The exchange rate of a pair of currencies (one per pair, whichever way round).",
);

export const ExchangeRatePage = pageOf("ExchangeRatePage", ExchangeRate);

type _ExchangeRate = Expect<Conforms<ReturnType<typeof serializeExchangeRate>, typeof ExchangeRate>>;
