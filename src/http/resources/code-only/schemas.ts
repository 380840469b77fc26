/** Locales and currencies: resources that are nothing but a code (routes in ./routes.ts). */
import { z } from "zod";
import { serializeCurrency, serializeLocale, serializeLocaleListItem } from "./serializer";
import { code, component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

const withTimes = (examples: string[]) =>
  z.object({ id: int(), code: code().meta({ examples }), createdAt: timestamp(), updatedAt: timestamp(), _links: SelfLinks });
const bare = (examples: string[]) => z.object({ id: int(), code: code().meta({ examples }), _links: SelfLinks });

/** In Sylius 1.8's groups. */
export const LocaleResource = component(
  "Locale",
  withTimes(["en_US"]),
  "A locale (`Detailed` group): language, optional script and region (`en_US`).",
);
export const LocaleListItem = component("LocaleListItem", bare(["en_US"]), "A locale in a list (`Default` group): no timestamps.");
export const CurrencyResource = component("Currency", bare(["USD"]), "A currency: an ISO 4217 code (`USD`); no timestamps.");
export const LocalePage = pageOf("LocalePage", LocaleListItem);
export const CurrencyPage = pageOf("CurrencyPage", CurrencyResource);

type _Locale = Expect<Conforms<ReturnType<typeof serializeLocale>, typeof LocaleResource>>;
type _LocaleItem = Expect<Conforms<ReturnType<typeof serializeLocaleListItem>, typeof LocaleListItem>>;
type _Currency = Expect<Conforms<ReturnType<typeof serializeCurrency>, typeof CurrencyResource>>;
