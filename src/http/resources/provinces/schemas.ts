/** Provinces (routes in ./routes.ts). */
import { z } from "zod";
import { serializeProvince } from "./serializer";
import { component, int, Link } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const Province = component(
  "Province",
  z.object({
    id: int(),
    code: z.string().meta({ examples: ["BE-VLI"], description: "ISO 3166-2 code (`XX-...`); unique across countries." }),
    name: z.string().meta({ examples: ["Limburg"], description: "Unique within its country." }),
    abbreviation: z.string().optional().meta({ description: "Absent when not set." }),
    _links: z.object({ self: Link, country: Link }),
  }),
  "A province (subdivision) of a country.",
);

type _Province = Expect<Conforms<ReturnType<typeof serializeProvince>, typeof Province>>;
