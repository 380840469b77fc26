/**
 * Payment methods, as Sylius 1.8 serializes them (PaymentBundle and
 * AdminApiBundle `Model.PaymentMethod.yml`, group Detailed):
 * - `serializePaymentMethod` (the resource, and a payment's `method` in an
 *   order): {id, code, position, createdAt, updatedAt, enabled,
 *   translations: {LOCALE: {locale, id, name, description?}} ([] when none),
 *   channels: [<the order channel>], _links.self}
 * - `serializePaymentMethodReference` (group Default: a payment in a list):
 *   {id, code, position, translations, _links.self}
 * - `paymentMethodName` / `paymentMethodDescription`: the translation a
 *   checkout shows in an order's locale.
 * Null fields (a translation's description) are omitted.
 */
import type { PaymentMethodRow } from "../../../data/queries/payment-methods";
import { serializeChannel, type ChannelFields } from "../channels/serializer";
import { enc, href } from "../../serializers/links";
import { atom } from "../../serializers/timestamps";

export interface PaymentMethodTranslation {
  id: number;
  locale: string;
  name: string;
  description: string | null;
}

export interface PaymentMethodRelations {
  translations: readonly PaymentMethodTranslation[];
  channels: readonly ChannelFields[];
}

export const paymentMethodLink = (code: string) => href(`/payment-methods/${enc(code)}`);

const translationsOf = (translations: readonly PaymentMethodTranslation[]) =>
  translations.length
    ? Object.fromEntries(
        translations.map((t) => [t.locale, { locale: t.locale, id: t.id, name: t.name, description: t.description ?? undefined }]),
      )
    : [];

export function serializePaymentMethod(row: PaymentMethodRow, relations: PaymentMethodRelations) {
  return {
    id: row.id,
    code: row.code,
    position: row.position,
    createdAt: atom(row.createdAt),
    updatedAt: atom(row.updatedAt),
    enabled: row.enabled,
    translations: translationsOf(relations.translations),
    channels: relations.channels.map(serializeChannel),
    _links: { self: paymentMethodLink(row.code) },
  };
}

export function serializePaymentMethodReference(row: PaymentMethodRow, translations: readonly PaymentMethodTranslation[]) {
  return {
    id: row.id,
    code: row.code,
    position: row.position,
    translations: translationsOf(translations),
    _links: { self: paymentMethodLink(row.code) },
  };
}

/** The translation in `locale`, else the first by locale code, else none. */
function translationIn(locale: string, translations: readonly PaymentMethodTranslation[]) {
  const sorted = [...translations].sort((a, b) => (a.locale < b.locale ? -1 : a.locale > b.locale ? 1 : 0));
  return sorted.find((t) => t.locale === locale) ?? sorted[0];
}

/** The method's name in `locale` (else its first translation, else its code). */
export const paymentMethodName = (code: string, locale: string, translations: readonly PaymentMethodTranslation[]): string =>
  translationIn(locale, translations)?.name ?? code;

/** The method's description in `locale` (else that of its first translation), or null. */
export const paymentMethodDescription = (locale: string, translations: readonly PaymentMethodTranslation[]): string | null =>
  translationIn(locale, translations)?.description ?? null;
