/**
 * Shipping methods: {id, code, position, name, enabled, translations:
 * {LOCALE: {id, locale, name, description?}} ([] when none), zone: {id, code, name, _links},
 * channels: [codes], calculator, configuration: {CHANNEL: {amount}},
 * category?: {id, code, name, _links}, categoryRequirement, rules: [{type, configuration}],
 * taxCategory?: {id, code, name, _links}, createdAt, updatedAt, _links {self, zone}}
 * (Sylius 1.8 shows a method as {id, code, enabled, _links {self, zone}}; this
 * service keeps the rest so that what the form takes can be read back).
 *
 * `name` (also the label of a cart's shipping adjustment) is given by
 * `shippingMethodName`.
 */
import type { CategoryRow } from "../../../data/queries/categories";
import { serializeShippingCategory, serializeTaxCategory } from "../shared/category-views";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";
import { serializeZoneReference, type ZoneRefRow } from "../zones/serializer";
import { readShippingRule } from "../../../domain/pricing/shipping-rules";

export interface ShippingMethodResourceRow {
  id: number;
  code: string;
  position: number;
  enabled: boolean;
  calculator: string;
  configuration: Record<string, { amount: number }>;
  categoryRequirement: string;
  rules: readonly { type: string; configuration: unknown }[];
  createdAt: string;
  updatedAt: string;
}

export interface ShippingMethodTranslationRow {
  id: number;
  locale: string;
  name: string;
  description: string | null;
}

/** A channel of the method, with that channel's default locale code. */
export interface ShippingMethodChannelRow {
  code: string;
  defaultLocale: string;
}

export interface ShippingMethodRelations {
  translations: readonly ShippingMethodTranslationRow[];
  channels: readonly ShippingMethodChannelRow[];
  zone: ZoneRefRow;
  category: CategoryRow | null;
  taxCategory: CategoryRow | null;
}

/**
 * The method's name: its translation in the default locale of its first
 * channel (channels ordered by code), else its first translation (ordered by
 * locale code), else its code.
 */
export function shippingMethodName(
  code: string,
  translations: readonly { locale: string; name: string }[],
  channels: readonly ShippingMethodChannelRow[],
): string {
  const sortedChannels = [...channels].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const sortedTranslations = [...translations].sort((a, b) => (a.locale < b.locale ? -1 : a.locale > b.locale ? 1 : 0));
  const first = sortedChannels[0];
  const inChannelLocale = first ? sortedTranslations.find((t) => t.locale === first.defaultLocale) : undefined;
  return (inChannelLocale ?? sortedTranslations[0])?.name ?? code;
}

export function serializeShippingMethod(row: ShippingMethodResourceRow, relations: ShippingMethodRelations) {
  const translations = relations.translations.length
    ? Object.fromEntries(
        relations.translations.map((t) => [t.locale, { id: t.id, locale: t.locale, name: t.name, description: t.description ?? undefined }]),
      )
    : [];
  return {
    id: row.id,
    code: row.code,
    position: row.position,
    name: shippingMethodName(row.code, relations.translations, relations.channels),
    enabled: row.enabled,
    translations,
    zone: serializeZoneReference(relations.zone),
    channels: relations.channels.map((channel) => channel.code),
    calculator: row.calculator,
    configuration: row.configuration,
    category: relations.category ? serializeShippingCategory(relations.category, "listItem") : undefined,
    categoryRequirement: row.categoryRequirement,
    // Rules as the form stored them (a rule the engine cannot read, written outside the API, is not shown).
    rules: row.rules.map(readShippingRule).flatMap((rule) => (rule.type === "unknown" ? [] : [rule])),
    taxCategory: relations.taxCategory ? serializeTaxCategory(relations.taxCategory, "listItem") : undefined,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    _links: { self: href(`/shipping-methods/${enc(row.code)}`), zone: href(`/zones/${enc(relations.zone.code)}`) },
  };
}
