/** Countries (routes in ./routes.ts). */
import { z } from "zod";
import { serializeCountry } from "./serializer";
import { code, component, int, pageOf, SelfLinks } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const Country = component(
  "Country",
  z.object({
    id: int(),
    code: code().meta({ examples: ["US"], description: "ISO 3166-1 alpha-2 code." }),
    provinces: z.array(z.never()).meta({ description: "Always empty: provinces are not modelled." }),
    enabled: z.boolean().meta({ description: "Only enabled countries may be used by addresses." }),
    _links: SelfLinks,
  }),
  "A country addresses may use (ISO 3166-1 alpha-2).",
);

export const CountryPage = pageOf("CountryPage", Country);

type _Country = Expect<Conforms<ReturnType<typeof serializeCountry>, typeof Country>>;
