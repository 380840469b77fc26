/** Zones (./serializer.ts): AddressingBundle's Model.Zone.yml. */
import { z } from "zod";
import { ZONE_SCOPES, ZONE_TYPES } from "../../../data/queries/zones";
import { serializeZone, serializeZoneListItem, serializeZoneReference } from "./serializer";
import { code, component, int, pageOf, SelfLinks } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const ZoneMember = component(
  "ZoneMember",
  z.object({ id: int(), code: z.string().meta({ examples: ["US"] }) }),
  "A zone member: a country code (type `country`), an ISO 3166-2 province code (`province`) or a zone code (`zone`).",
);

export const Zone = component(
  "Zone",
  z.object({
    id: int(),
    code: code(),
    name: z.string(),
    type: z.enum(ZONE_TYPES),
    scope: z.enum(ZONE_SCOPES),
    members: z.array(ZoneMember).meta({ description: "In the order they were added." }),
    _links: SelfLinks,
  }),
  "A zone: a group of countries, provinces or zones (Sylius' detailed set).",
);

export const ZoneListItem = component(
  "ZoneListItem",
  z.object({ id: int(), code: code(), name: z.string(), type: z.enum(ZONE_TYPES), _links: SelfLinks }),
  "A zone in a list (Sylius' default set: no scope, no members).",
);

export const ZoneReference = component(
  "ZoneReference",
  z.object({ id: int(), code: code(), name: z.string(), _links: SelfLinks }),
  "A zone inside a channel, tax rate or shipping method.",
);

export const ZonePage = pageOf("ZonePage", ZoneListItem);

type _Zone = Expect<Conforms<ReturnType<typeof serializeZone>, typeof Zone>>;
type _ZoneListItem = Expect<Conforms<ReturnType<typeof serializeZoneListItem>, typeof ZoneListItem>>;
type _ZoneReference = Expect<Conforms<ReturnType<typeof serializeZoneReference>, typeof ZoneReference>>;
