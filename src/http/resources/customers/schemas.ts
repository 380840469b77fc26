/** Customers (src/serializers/customer.ts), and the customer as a cart shows it. */
import { z } from "zod";
import { serializeCustomer, serializeCustomerForCart, serializeCustomerForCartList } from "./serializer";
import { GENDERS } from "../../../data/queries/customers";
import { component, int, pageOf, SelfLinks, timestamp } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

const identity = {
  id: int(),
  email: z.string().meta({ examples: ["shop@example.com"] }),
  firstName: z.string().optional().meta({ description: "Omitted when not set." }),
  lastName: z.string().optional().meta({ description: "Omitted when not set." }),
};

const NO_ACCOUNT = "Omitted when the customer has no shop account.";

const profile = {
  birthday: timestamp().optional().meta({ description: "Midnight UTC of the birthday (sent as `Y-m-d`). Omitted when not set." }),
  gender: z.enum(GENDERS).meta({ description: "`u` (unknown, the default), `m` or `f`." }),
};

export const Customer = component(
  "Customer",
  z.object({
    ...identity,
    ...profile,
    user: z
      .object({ id: int(), username: z.string(), usernameCanonical: z.string(), enabled: z.boolean() })
      .optional()
      .meta({ description: NO_ACCOUNT }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    _links: SelfLinks,
  }),
  "A customer and its optional shop account (username = email).",
);

export const CustomerPage = pageOf("CustomerPage", Customer);

export const CartCustomer = component(
  "CartCustomer",
  z.object({
    ...identity,
    user: z.object({ id: int(), username: z.string(), usernameCanonical: z.string() }).optional().meta({ description: NO_ACCOUNT }),
    _links: SelfLinks,
  }),
  "The customer of a single cart.",
);

export const CartListCustomer = component(
  "CartListCustomer",
  z.object({
    ...identity,
    user: z.object({ id: int(), username: z.string(), enabled: z.boolean() }).optional().meta({ description: NO_ACCOUNT }),
    _links: SelfLinks,
  }),
  "The customer of a cart in a list.",
);

type _Customer = Expect<Conforms<ReturnType<typeof serializeCustomer>, typeof Customer>>;
type _CartCustomer = Expect<Conforms<ReturnType<typeof serializeCustomerForCart>, typeof CartCustomer>>;
type _CartListCustomer = Expect<Conforms<ReturnType<typeof serializeCustomerForCartList>, typeof CartListCustomer>>;
