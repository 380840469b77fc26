/** A customer group: `{id, code, name, _links.self}`, in a list and alone. */
import type { CustomerGroupRow } from "../../../data/queries/customer-groups";
import { enc, href } from "../../serializers/links";

export const serializeCustomerGroup = (row: CustomerGroupRow) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  _links: { self: href(`/customer-groups/${enc(row.code)}`) },
});
