/**
 * Channels, in Sylius 1.8's sets (ChannelBundle's and AdminApiBundle's Model.Channel.yml):
 * - `serializeChannel`, the detailed set (one channel; inside an order, a
 *   payment method and a product): {id, code, name, description?, hostname?,
 *   color?, createdAt, updatedAt, enabled, taxCalculationStrategy, _links.self};
 *   null fields are omitted, as JMS leaves them out;
 * - `serializeOwnChannel`, the channel's own read: the detailed set with its
 *   menu taxon (the taxon's detailed set) before `_links` when it has one;
 * - `serializeChannelListItem`, the default set (a channel in a list, a cart
 *   in a list): {id, code, _links.self};
 * - `serializeChannelForCart` (a single cart): {code, _links.self}.
 */
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import type { TaxonView } from "../taxons/serializer";

export interface ChannelRefRow {
  id: number;
  code: string;
}

/** What the detailed set shows: any row with these columns. */
export interface ChannelFields extends ChannelRefRow {
  name: string;
  enabled: boolean;
  taxCalculationStrategy: string;
  hostname: string | null;
  description: string | null;
  color: string | null;
  createdAt: string;
  updatedAt: string;
}

export const channelLinks = (code: string) => ({ self: href(`/channels/${enc(code)}`) });

export function serializeChannel(row: ChannelFields) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description ?? undefined,
    hostname: row.hostname ?? undefined,
    color: row.color ?? undefined,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    enabled: row.enabled,
    taxCalculationStrategy: row.taxCalculationStrategy,
    _links: channelLinks(row.code),
  };
}

/** The channel's own read (GET, and a create's answer): `menuTaxon` absent when it has none. */
export function serializeOwnChannel(row: ChannelFields, menuTaxon: TaxonView | undefined) {
  const { _links, ...shown } = serializeChannel(row);
  return { ...shown, ...(menuTaxon ? { menuTaxon } : {}), _links };
}

export function serializeChannelListItem(row: ChannelRefRow) {
  return { id: row.id, code: row.code, _links: channelLinks(row.code) };
}

export function serializeChannelForCart(row: ChannelRefRow) {
  return { code: row.code, _links: channelLinks(row.code) };
}

/** A cart in a list shows its channel in the default set. */
export const serializeChannelForCartList = serializeChannelListItem;
