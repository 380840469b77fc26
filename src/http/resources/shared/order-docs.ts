/** Documentation that carts, orders, payments and shipments share. */
import type { z } from "zod";
import type { Scope } from "../../../domain/scopes";
import type { OperationMeta } from "../../openapi/describe";

/**
 * A list in one default order (`sorting`: the other fields it sorts by, if any), no `criteria`; its tag (`Carts`)
 * names the operation (`listCarts`) and its items.
 */
export const fixedOrderList = (list: { tag: string; scope: Scope; description: string; page: z.ZodType; order: string; paginate?: boolean; sorting?: string[] }): OperationMeta => {
  const plural = list.tag.toLowerCase();
  return {
    tag: list.tag,
    scope: list.scope,
    operationId: `list${list.tag}`,
    summary: `List ${plural}`,
    description: list.description,
    success: { status: 200, description: `A page of ${plural}.`, schema: list.page },
    list: { sorting: list.sorting ?? [], criteria: [], defaultSorting: list.order, paginate: list.paginate },
    errors: [],
  };
};

/** A GET of one by id with a strong `ETag` (`If-None-Match` answers 304 when it still matches); 404 when there is none. */
export const taggedGet = (get: { tag: string; scope: Scope; operationId: string; summary: string; description: string; item: z.ZodType; itemDescription: string }): OperationMeta => ({
  tag: get.tag,
  scope: get.scope,
  operationId: get.operationId,
  summary: get.summary,
  description: get.description,
  success: { status: 200, description: get.itemDescription, schema: get.item },
  errors: [404],
  conditional: { etag: true, precondition: "If-None-Match" },
});
