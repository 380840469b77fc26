/** Locales and currencies: resources that are nothing but a code (routes in ./routes.ts, through resources/code-keyed). */
import { z } from "zod";
import { serializeCodeOnly } from "./serializer";
import { code, component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

const codeOnly = (examples: string[]) =>
  z.object({
    id: int(),
    code: code().meta({ examples }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    _links: SelfLinks,
  });

export const Locale = component("Locale", codeOnly(["en_US"]), "A locale: language, optional script and region (`en_US`).");
export const Currency = component("Currency", codeOnly(["USD"]), "A currency: an ISO 4217 code (`USD`).");
export const LocalePage = pageOf("LocalePage", Locale);
export const CurrencyPage = pageOf("CurrencyPage", Currency);

type _Locale = Expect<Conforms<ReturnType<typeof serializeCodeOnly>, typeof Locale>>;
