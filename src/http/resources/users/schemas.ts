/** Admin users (serializer.ts): the detailed set and the list item. */
import { z } from "zod";
import { serializeAdminUser, serializeAdminUserListItem } from "./serializer";
import { component, int, pageOf } from "../../openapi/common";
import type { Conforms, Expect } from "../../openapi/conformance";

const NO_EMAIL = "Every user has one, but for an account the accounts CLI made before it took an e-mail whose username is not an address (omitted until one is set).";

export const AdminUser = component(
  "AdminUser",
  z.object({
    id: int(),
    username: z.string().meta({ examples: ["jane"] }),
    usernameCanonical: z.string().meta({ description: "The username in lower case: what makes it unique and what signs in." }),
    roles: z.array(z.string()).meta({ description: "Always `[\"ROLE_ADMINISTRATION_ACCESS\"]`." }),
    email: z.string().optional().meta({ description: NO_EMAIL }),
    emailCanonical: z.string().optional().meta({ description: `The e-mail in lower case. ${NO_EMAIL}` }),
    enabled: z.boolean().meta({ description: "A disabled user cannot sign in, and its tokens are refused." }),
    firstName: z.string().optional().meta({ description: "Omitted when not set." }),
    lastName: z.string().optional().meta({ description: "Omitted when not set." }),
  }),
  "An admin user (the back office's account) in Sylius' detailed set; never its password.",
);

export const AdminUserListItem = component(
  "AdminUserListItem",
  z.object({
    id: int(),
    username: z.string(),
    email: z.string().optional().meta({ description: NO_EMAIL }),
    enabled: z.boolean(),
  }),
  "An admin user in a list (Sylius' default set).",
);

export const AdminUserPage = pageOf("AdminUserPage", AdminUserListItem);

type _AdminUser = Expect<Conforms<ReturnType<typeof serializeAdminUser>, typeof AdminUser>>;
type _AdminUserListItem = Expect<Conforms<ReturnType<typeof serializeAdminUserListItem>, typeof AdminUserListItem>>;
