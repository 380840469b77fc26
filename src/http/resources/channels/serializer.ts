/**
 * Channels.
 * - `serializeChannel` (the channel resource): {id, code, name, description?, enabled, hostname?, color?,
 *   baseCurrency: {id, code, createdAt, updatedAt, _links}, defaultLocale: {same},
 *   locales: [codes], currencies: [codes], defaultTaxZone?: {id, code, name, _links},
 *   taxCalculationStrategy, createdAt, updatedAt, _links.self}
 * - `serializeOrderChannel` (inside an order and a payment method): {id, code, name,
 *   description?, hostname?, color?, createdAt, updatedAt, enabled, taxCalculationStrategy, _links.self}
 * - `serializeChannelForCart` (a single cart): {code, _links.self}
 * - `serializeChannelForCartList` (carts in a list): {id, code, _links.self}
 */
import { serializeCodeOnly } from "../code-only/serializer";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import { serializeZoneReference, type ZoneRefRow } from "../zones/serializer";

export interface ChannelRefRow {
  id: number;
  code: string;
}

export interface ChannelResourceRow extends ChannelRefRow {
  name: string;
  enabled: boolean;
  taxCalculationStrategy: string;
  hostname: string | null;
  description: string | null;
  color: string | null;
  createdAt: string;
  updatedAt: string;
}

interface CodeRow {
  id: number;
  code: string;
  createdAt: string;
  updatedAt: string;
}

export interface ChannelRelations {
  baseCurrency: CodeRow;
  defaultLocale: CodeRow;
  locales: readonly string[];
  currencies: readonly string[];
  defaultTaxZone: ZoneRefRow | null;
}

export const channelLinks = (code: string) => ({ self: href(`/channels/${enc(code)}`) });

export function serializeChannel(row: ChannelResourceRow, relations: ChannelRelations) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description ?? undefined,
    enabled: row.enabled,
    hostname: row.hostname ?? undefined,
    color: row.color ?? undefined,
    baseCurrency: serializeCodeOnly("currencies", relations.baseCurrency),
    defaultLocale: serializeCodeOnly("locales", relations.defaultLocale),
    locales: [...relations.locales],
    currencies: [...relations.currencies],
    defaultTaxZone: relations.defaultTaxZone ? serializeZoneReference(relations.defaultTaxZone) : undefined,
    taxCalculationStrategy: row.taxCalculationStrategy,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links: channelLinks(row.code),
  };
}

/**
 * The channel inside an order, its payments' methods and the checkout
 * (Sylius' "Detailed" group of Channel): {id, code, name, description?,
 * hostname?, color?, createdAt, updatedAt, enabled, taxCalculationStrategy,
 * _links.self}. Null fields are omitted.
 */
/** What an order's (and a payment method's) channel shows: any row with these columns. */
export type OrderChannelFields = Pick<
  ChannelResourceRow,
  "id" | "code" | "name" | "description" | "hostname" | "color" | "createdAt" | "updatedAt" | "enabled" | "taxCalculationStrategy"
>;

export function serializeOrderChannel(row: OrderChannelFields) {
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

export function serializeChannelForCart(row: ChannelRefRow) {
  return { code: row.code, _links: channelLinks(row.code) };
}

export function serializeChannelForCartList(row: ChannelRefRow) {
  return { id: row.id, code: row.code, _links: channelLinks(row.code) };
}
