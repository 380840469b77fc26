/** Zones (src/serializers/zone.ts). */
import { z } from "zod";
import { ZONE_TYPES } from "../../../data/queries/zones";
import { serializeZone, serializeZoneReference } from "./serializer";
import { code, component, int, pageOf, SelfLinks } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const Zone = component(
  "Zone",
  z.object({
    id: int(),
    code: code(),
    name: z.string(),
    type: z.enum(ZONE_TYPES),
    members: z.array(z.string().meta({ examples: ["US"] })).meta({ description: "ISO 3166-1 alpha-2 country codes." }),
    _links: SelfLinks,
  }),
  "A zone: a group of countries.",
);

export const ZoneReference = component(
  "ZoneReference",
  z.object({ id: int(), code: code(), name: z.string(), _links: SelfLinks }),
  "A zone inside a channel, tax rate or shipping method.",
);

export const ZonePage = pageOf("ZonePage", Zone);

type _Zone = Expect<Conforms<ReturnType<typeof serializeZone>, typeof Zone>>;
type _ZoneReference = Expect<Conforms<ReturnType<typeof serializeZoneReference>, typeof ZoneReference>>;
