/** Customers (serializer.ts): the detailed set, the list item, and the customer as a cart shows it. */
import { z } from "zod";
import { serializeCustomer, serializeCustomerForCart, serializeCustomerListItem } from "./serializer";
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
    id: int(),
    user: z
      .object({
        id: int(),
        username: z.string(),
        usernameCanonical: z.string(),
        roles: z.array(z.string()).meta({ description: "Always `[\"ROLE_USER\"]`: a shop account." }),
        enabled: z.boolean(),
      })
      .optional()
      .meta({ description: NO_ACCOUNT }),
    email: identity.email,
    emailCanonical: z.string().meta({ description: "The e-mail in lower case: what makes it unique." }),
    firstName: identity.firstName,
    lastName: identity.lastName,
    ...profile,
    group: z
      .object({ id: int(), code: z.string(), name: z.string() })
      .optional()
      .meta({ description: "The customer's group (`/api/v1/customer-groups/`); omitted when in none." }),
    _links: SelfLinks,
  }),
  "A customer and its optional shop account (username = email), in Sylius' detailed set.",
);

export const CustomerListItem = component(
  "CustomerListItem",
  z.object({
    id: int(),
    user: z.object({ id: int(), username: z.string(), enabled: z.boolean() }).optional().meta({ description: NO_ACCOUNT }),
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    _links: SelfLinks,
  }),
  "A customer in a list (Sylius' default set), and the customer of a cart in a list.",
);

export const CustomerPage = pageOf("CustomerPage", CustomerListItem);

export const CartCustomer = component(
  "CartCustomer",
  z.object({
    ...identity,
    user: z.object({ id: int(), username: z.string(), usernameCanonical: z.string() }).optional().meta({ description: NO_ACCOUNT }),
    _links: SelfLinks,
  }),
  "The customer of a single cart.",
);

/** A cart in a list shows its customer in the default set. */
export const CartListCustomer = CustomerListItem;

type _Customer = Expect<Conforms<ReturnType<typeof serializeCustomer>, typeof Customer>>;
type _CartCustomer = Expect<Conforms<ReturnType<typeof serializeCustomerForCart>, typeof CartCustomer>>;
type _CustomerListItem = Expect<Conforms<ReturnType<typeof serializeCustomerListItem>, typeof CustomerListItem>>;
