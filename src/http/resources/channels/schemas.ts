/** Channels (src/serializers/channel.ts), and the channel as a cart shows it. */
import { z } from "zod";
import { TAX_CALCULATION_STRATEGIES } from "../../../data/queries/channels";
import { serializeChannel, serializeChannelForCart, serializeChannelForCartList, serializeOrderChannel } from "./serializer";
import { code, component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import { Currency, Locale } from "../code-only/schemas";
import { ZoneReference } from "../zones/schemas";
import type { Conforms, Expect } from "../../openapi/conformance";

const OMITTED = "Omitted when not set.";

export const Channel = component(
  "Channel",
  z.object({
    id: int(),
    code: code(),
    name: z.string(),
    description: z.string().optional().meta({ description: OMITTED }),
    enabled: z.boolean(),
    hostname: z.string().optional().meta({ description: OMITTED }),
    color: z.string().optional().meta({ description: OMITTED }),
    baseCurrency: Currency,
    defaultLocale: Locale,
    locales: z.array(z.string()).meta({ description: "Locale codes (the default locale included)." }),
    currencies: z.array(z.string()).meta({ description: "Currency codes (the base currency included)." }),
    defaultTaxZone: ZoneReference.optional().meta({ description: "Omitted when the channel has none." }),
    taxCalculationStrategy: z.enum(TAX_CALCULATION_STRATEGIES),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    _links: SelfLinks,
  }),
  "A sales channel.",
);

export const ChannelPage = pageOf("ChannelPage", Channel);

export const OrderChannel = component(
  "OrderChannel",
  z.object({
    id: int(),
    code: code(),
    name: z.string(),
    description: z.string().optional().meta({ description: OMITTED }),
    hostname: z.string().optional().meta({ description: OMITTED }),
    color: z.string().optional().meta({ description: OMITTED }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    enabled: z.boolean(),
    taxCalculationStrategy: z.enum(TAX_CALCULATION_STRATEGIES),
    _links: SelfLinks,
  }),
  "Sylius' detailed channel set: the channel inside an order, a payment method and a product.",
);

export const CartChannel = component("CartChannel", z.object({ code: code(), _links: SelfLinks }), "The channel of a single cart.");
export const CartListChannel = component(
  "CartListChannel",
  z.object({ id: int(), code: code(), _links: SelfLinks }),
  "The channel of a cart in a list.",
);

type _Channel = Expect<Conforms<ReturnType<typeof serializeChannel>, typeof Channel>>;
type _OrderChannel = Expect<Conforms<ReturnType<typeof serializeOrderChannel>, typeof OrderChannel>>;
type _CartChannel = Expect<Conforms<ReturnType<typeof serializeChannelForCart>, typeof CartChannel>>;
type _CartListChannel = Expect<Conforms<ReturnType<typeof serializeChannelForCartList>, typeof CartListChannel>>;
