/** Countries (routes in ./routes.ts). */
import { z } from "zod";
import { serializeCountry, serializeCountryListItem } from "./serializer";
import { Province } from "../provinces/schemas";
import { code, component, int, pageOf, SelfLinks } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";
import { codeListItem } from "../shared/schema-parts";

const countryCode = () => code().meta({ examples: ["US"], description: "ISO 3166-1 alpha-2 code." });

export const Country = component(
  "Country",
  z.object({
    id: int(),
    code: countryCode(),
    provinces: z.array(Province).meta({ description: "In the order they were added." }),
    enabled: z.boolean().meta({ description: "Only enabled countries may be used by addresses." }),
    _links: SelfLinks,
  }),
  "A country addresses may use (ISO 3166-1 alpha-2).",
);

export const CountryListItem = component("CountryListItem", codeListItem(countryCode()), "A country in a list (Sylius' default set: no provinces, no `enabled`).");

export const CountryPage = pageOf("CountryPage", CountryListItem);

type _Country = Expect<Conforms<ReturnType<typeof serializeCountry>, typeof Country>>;
type _CountryListItem = Expect<Conforms<ReturnType<typeof serializeCountryListItem>, typeof CountryListItem>>;
