/** Payment methods (src/http/resources/payment-methods/serializer.ts). */
import { z } from "zod";
import { serializePaymentMethod, serializePaymentMethodReference } from "./serializer";
import { code, component, int, keyedOrEmpty, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import { Channel } from "../channels/schemas";
import type { Conforms, Expect } from "../../openapi/conformance";

const PaymentMethodTranslation = z.object({
  locale: z.string(),
  id: int(),
  name: z.string(),
  description: z.string().optional().meta({ description: "Omitted when not set." }),
});

export const PaymentMethod = component(
  "PaymentMethod",
  z.object({
    id: int(),
    code: code(),
    position: int(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    enabled: z.boolean(),
    translations: keyedOrEmpty(PaymentMethodTranslation, "locale code"),
    channels: z.array(Channel).meta({ description: "The channels that offer the method, by code." }),
    _links: SelfLinks,
  }),
  "A payment method (offline: no gateway).",
);

/** A payment method inside a payment of a list (`serializePaymentMethodReference`); registered by the payment schemas. */
export const PaymentMethodReference = z.object({
  id: int(),
  code: code(),
  position: int(),
  translations: keyedOrEmpty(PaymentMethodTranslation, "locale code"),
  _links: SelfLinks,
});

export const PaymentMethodPage = pageOf("PaymentMethodPage", PaymentMethod);

type _PaymentMethod = Expect<Conforms<ReturnType<typeof serializePaymentMethod>, typeof PaymentMethod>>;
type _PaymentMethodReference = Expect<Conforms<ReturnType<typeof serializePaymentMethodReference>, typeof PaymentMethodReference>>;
