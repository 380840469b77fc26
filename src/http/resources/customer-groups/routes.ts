/**
 * `/api/v1/customer-groups/`: customer groups (Sylius' CustomerGroup: code
 * and name), keyed by code. Sylius 1.8's admin API has no route for them;
 * this extension is the least a client needs to put customers in groups
 * (a customer's `group`) for the `customer_group` promotion rule.
 *
 * List: default sorting `code asc`; sortable `code`, `name`;
 * `criteria[code|name]`; total from `list_counts`.
 * Cost: GET one/list 1 D1 round trip; create/update/delete 2. Deleting a
 * group leaves its customers in none.
 */
import { customerGroups } from "../../../data/schema";
import { customerGroupByCode, customerGroupColumns } from "../../../data/queries/customer-groups";
import { resourceRoutes } from "../shared/resource";
import { EMPTY_PUT_NOTE } from "../../openapi/form-docs";
import { createForm, CUSTOMER_GROUP_MESSAGES, updateForm } from "./form";
import { serializeCustomerGroup } from "./serializer";
import { CustomerGroup, CustomerGroupPage } from "./schemas";
import { textFilter } from "../../list-page";
import { insertRow, listRows, updateById } from "../../../data/queries/table-writes";

export const customerGroupRoutes = resourceRoutes({
  noun: "Customer group",
  events: { resource: "customer_group" },
  table: customerGroups,
  byCode: customerGroupByCode,
  docs: {
    area: "customers",
    path: "customer-groups",
    tag: "Customer groups",
    plural: "customer groups",
    idPrefix: "CustomerGroup",
    item: CustomerGroup,
    page: CustomerGroupPage,
    putNote: `A sent \`code\` is ignored. ${EMPTY_PUT_NOTE}`,
  },
  list: {
    spec: {
      sortable: { code: customerGroups.code, name: customerGroups.name },
      // Sylius' admin grid (1.8 has no customer group API): `name asc`.
      defaultSorting: { field: "name", direction: "asc" },
      filters: { code: textFilter(customerGroups.code), name: textFilter(customerGroups.name) },
    },
    select: (db) => listRows(db, customerGroups, customerGroupColumns),
    items: (rows) => rows.map(serializeCustomerGroup),
  },
  one: {
    reads: (db, code) => ({ rows: customerGroupByCode(db, code) }),
    item: ({ rows }) => rows.map(serializeCustomerGroup)[0],
  },
  create: {
    form: createForm,
    unique: CUSTOMER_GROUP_MESSAGES.unique,
    check: () => undefined,
    writes: (db, code, _plan, result) => ({ group: insertRow(db, customerGroups, { code, name: result.required("name") }) }),
  },
  update: {
    form: updateForm,
    // A PUT without a body is the form submitted empty: the name is blank.
    emptyPut: { name: CUSTOMER_GROUP_MESSAGES.nameBlank },
    check: () => undefined,
    writes: (db, row, _plan, { values }) => (values.name === undefined ? [] : [updateById(db, customerGroups, row.id, { name: values.name })]),
  },
});
