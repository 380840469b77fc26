/** Customer groups (serializer.ts). */
import { z } from "zod";
import { serializeCustomerGroup } from "./serializer";
import { code, component, int, pageOf, SelfLinks } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

export const CustomerGroup = component(
  "CustomerGroup",
  z.object({ id: int(), code: code(), name: z.string().meta({ examples: ["Retail"] }), _links: SelfLinks }),
  "A group of customers (a customer's `group`; the `customer_group` promotion rule names one by code).",
);

export const CustomerGroupPage = pageOf("CustomerGroupPage", CustomerGroup);

type _CustomerGroup = Expect<Conforms<ReturnType<typeof serializeCustomerGroup>, typeof CustomerGroup>>;
