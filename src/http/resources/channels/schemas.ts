/** Channels (serializer.ts): the detailed set, the list item, and the channel as a cart shows it. */
import { z } from "zod";
import { TAX_CALCULATION_STRATEGIES } from "../../../data/queries/channels";
import { serializeChannel, serializeChannelForCart, serializeChannelListItem } from "./serializer";
import { code, component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";
import { codeListItem, optionalText } from "../shared/schema-parts";
import { Taxon } from "../taxons/schemas";

export const Channel = component(
  "Channel",
  z.object({
    id: int(),
    code: code(),
    name: z.string(),
    description: optionalText(),
    hostname: optionalText(),
    color: optionalText(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    enabled: z.boolean(),
    taxCalculationStrategy: z.enum(TAX_CALCULATION_STRATEGIES),
    _links: SelfLinks,
  }),
  "Sylius' detailed channel set: the channel inside an order, a payment method and a product.",
);

export const OwnChannel = component(
  "ChannelShown",
  Channel.extend({
    menuTaxon: Taxon.optional().meta({ description: "The channel's menu taxon (the taxon's detailed set); absent when it has none." }),
    _links: SelfLinks,
  }),
  "One channel as its own read shows it: Sylius' detailed channel set with its menu taxon.",
);

export const ChannelListItem = component("ChannelListItem", codeListItem(), "A channel in a list (Sylius' default set), and the channel of a cart in a list.");

export const ChannelPage = pageOf("ChannelPage", ChannelListItem);

export const CartChannel = component("CartChannel", z.object({ code: code(), _links: SelfLinks }), "The channel of a single cart.");
/** A cart in a list shows its channel in the default set. */
export const CartListChannel = ChannelListItem;

type _Channel = Expect<Conforms<ReturnType<typeof serializeChannel>, typeof Channel>>;
type _ChannelListItem = Expect<Conforms<ReturnType<typeof serializeChannelListItem>, typeof ChannelListItem>>;
type _CartChannel = Expect<Conforms<ReturnType<typeof serializeChannelForCart>, typeof CartChannel>>;
