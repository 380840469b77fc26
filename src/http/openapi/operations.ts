/**
 * Every operation of the service, as the OpenAPI document describes it: the
 * request form, the success response's schema, list parameters and the
 * error statuses it can answer. Paths are OpenAPI templates of the app's
 * routes (Hono `:param` → `{param}`, collections with their trailing slash);
 * test/openapi checks that this table and the app's route table are the
 * same set of operations.
 */
import type { z } from "zod";
import type { RequestFormId } from "./forms";
import { Currency, CurrencyPage, Locale, LocalePage } from "../resources/code-only/schemas";
import { ShippingCategory, ShippingCategoryPage, TaxCategory, TaxCategoryPage } from "../resources/categories/schemas";
import { Zone, ZonePage } from "../resources/zones/schemas";
import { Channel, ChannelPage } from "../resources/channels/schemas";
import { Customer, CustomerPage } from "../resources/customers/schemas";
import { TaxRate, TaxRatePage } from "../resources/tax-rates/schemas";
import { ShippingMethod, ShippingMethodPage } from "../resources/shipping-methods/schemas";
import { ProductOption, ProductOptionPage } from "../resources/product-options/schemas";
import { Product, ProductPage } from "../resources/products/schemas";
import { Promotion, PromotionPage } from "../resources/promotions/schemas";
import { ProductVariantDetailed, ProductVariantPage } from "../resources/product-variants/schemas";
import { Cart, CartItem, CartPage } from "../resources/carts/schemas";

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type ErrorStatus = 400 | 404 | 409 | 413;

export interface ListSpec {
  /** Fields accepted by `sorting[field]=asc|desc`. */
  sorting: readonly string[];
  /** e.g. `code asc`. */
  defaultSorting: string;
  /** Fields accepted by `criteria[field]=text` (case-insensitive substring). */
  criteria: readonly string[];
  /** The carts list also reads the page size from `paginate` (seed 4.2). */
  paginate?: boolean;
  /** Free text about the order when there is no sorting parameter. */
  orderNote?: string;
}

export interface Operation {
  method: Method;
  path: string;
  tag: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Request body: a form of src/openapi/forms.ts. */
  form?: RequestFormId;
  success: { status: 200 | 201 | 204; description: string; schema?: z.ZodType };
  list?: ListSpec;
  /** Error statuses besides 401 and 500 (which every authenticated operation can answer). */
  errors: ErrorStatus[];
  /** Public operations (no bearer token). */
  public?: boolean;
}

export const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  code: "Code of the resource.",
  productCode: "Code of the product.",
  id: "Identifier of the resource.",
  cartId: "Identifier of the cart.",
  itemId: "Identifier of the cart item.",
};

interface CrudSpec {
  tag: string;
  /** Collection path with its trailing slash, e.g. `/api/v1/zones/`. */
  collection: string;
  /** Path parameter of one resource. */
  key: "code" | "id";
  noun: string;
  plural: string;
  idPrefix: string;
  item: z.ZodType;
  page: z.ZodType;
  create: RequestFormId;
  update: RequestFormId;
  list: ListSpec;
  /** DELETE answers 409 while the resource is referenced. */
  deleteConflict: boolean;
  /** PUT/PATCH may answer 409. */
  updateConflict?: string;
  /** Extra paragraphs for PUT and PATCH. */
  putNote?: string;
  patchNote?: string;
}

function crud(spec: CrudSpec): Operation[] {
  const one = `${spec.collection}{${spec.key}}`;
  const base = { tag: spec.tag };
  return [
    {
      ...base,
      method: "get",
      path: spec.collection,
      operationId: `list${spec.idPrefix}s`,
      summary: `List ${spec.plural}`,
      success: { status: 200, description: `A page of ${spec.plural}.`, schema: spec.page },
      list: spec.list,
      errors: spec.collection.includes("{") ? [404] : [],
    },
    {
      ...base,
      method: "post",
      path: spec.collection,
      operationId: `create${spec.idPrefix}`,
      summary: `Create a ${spec.noun}`,
      form: spec.create,
      success: { status: 201, description: `The new ${spec.noun}.`, schema: spec.item },
      errors: spec.collection.includes("{") ? [400, 404, 413] : [400, 413],
    },
    {
      ...base,
      method: "get",
      path: one,
      operationId: `get${spec.idPrefix}`,
      summary: `Get a ${spec.noun}`,
      success: { status: 200, description: `The ${spec.noun}.`, schema: spec.item },
      errors: [404],
    },
    {
      ...base,
      method: "put",
      path: one,
      operationId: `replace${spec.idPrefix}`,
      summary: `Update a ${spec.noun}`,
      description: [spec.putNote, spec.updateConflict].filter(Boolean).join("\n\n") || undefined,
      form: spec.update,
      success: { status: 204, description: "Updated." },
      errors: spec.updateConflict ? [400, 404, 409, 413] : [400, 404, 413],
    },
    {
      ...base,
      method: "patch",
      path: one,
      operationId: `update${spec.idPrefix}`,
      summary: `Partially update a ${spec.noun}`,
      description: [spec.patchNote ?? "Fields not sent keep their values.", spec.updateConflict].filter(Boolean).join("\n\n"),
      form: spec.update,
      success: { status: 204, description: "Updated." },
      errors: spec.updateConflict ? [400, 404, 409, 413] : [400, 404, 413],
    },
    {
      ...base,
      method: "delete",
      path: one,
      operationId: `delete${spec.idPrefix}`,
      summary: `Delete a ${spec.noun}`,
      description: spec.deleteConflict ? `409 while the ${spec.noun} is still referenced.` : undefined,
      success: { status: 204, description: "Deleted." },
      errors: spec.deleteConflict ? [404, 409] : [404],
    },
  ];
}

const named = (sorting: string[], criteria: string[], defaultSorting = "code asc"): ListSpec => ({ sorting, criteria, defaultSorting });

const CODE_ONLY_PUT = "The code of a locale or currency cannot change: a sent `code` is validated, then ignored.";

export const OPERATIONS: Operation[] = [
  // ----------------------------------------------------------- product variants (seed 4.1)
  ...crud({
    tag: "Product variants",
    collection: "/api/v1/products/{productCode}/variants/",
    key: "code",
    noun: "product variant",
    plural: "product variants",
    idPrefix: "ProductVariant",
    item: ProductVariantDetailed,
    page: ProductVariantPage,
    create: "ProductVariantCreate",
    update: "ProductVariantUpdate",
    list: named(["position", "code", "createdAt", "updatedAt", "name"], ["code", "name"], "createdAt desc"),
    deleteConflict: true,
    updateConflict: "409 when `version` is stale (and, for PUT, when it is missing).",
    putNote: "Must include `version`. Fields not sent keep their values; a sent collection (translations, channelPricings, optionValues) replaces the old one.",
    patchNote: "Any subset of the PUT fields; `version` is optional. Sent translations and channelPricings are merged by key.",
  }),

  // ------------------------------------------------------------------------ carts (seed 4.2)
  {
    method: "get",
    path: "/api/v1/carts/",
    tag: "Carts",
    operationId: "listCarts",
    summary: "List carts",
    description: "Only orders in state `cart`, newest first.",
    success: { status: 200, description: "A page of carts.", schema: CartPage },
    list: { sorting: [], criteria: [], defaultSorting: "createdAt desc", paginate: true },
    errors: [],
  },
  {
    method: "post",
    path: "/api/v1/carts/",
    tag: "Carts",
    operationId: "createCart",
    summary: "Create a cart",
    description: "An administrative operation. `currencyCode` is the channel's base currency.",
    form: "CartCreate",
    success: { status: 201, description: "The new cart (no items, totals 0, `checkoutState` `cart`).", schema: Cart },
    errors: [400, 413],
  },
  {
    method: "get",
    path: "/api/v1/carts/{id}",
    tag: "Carts",
    operationId: "getCart",
    summary: "Get a cart",
    success: { status: 200, description: "The cart.", schema: Cart },
    errors: [404],
  },
  {
    method: "delete",
    path: "/api/v1/carts/{id}",
    tag: "Carts",
    operationId: "deleteCart",
    summary: "Delete a cart",
    description: "Its items, units and adjustments go with it.",
    success: { status: 204, description: "Deleted." },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/v1/carts/{cartId}/items/",
    tag: "Carts",
    operationId: "addCartItem",
    summary: "Add an item to a cart",
    description:
      "Adding a variant already in the cart increases that item's quantity. The cart is recalculated (prices, shipping, promotions, taxes). At most 500 distinct items.",
    form: "CartItemAdd",
    success: { status: 201, description: "The item (new or increased).", schema: CartItem },
    errors: [400, 404, 413],
  },
  ...(["put", "patch"] as const).map(
    (method): Operation => ({
      method,
      path: "/api/v1/carts/{cartId}/items/{itemId}",
      tag: "Carts",
      operationId: method === "put" ? "changeCartItem" : "patchCartItem",
      summary: "Change an item's quantity",
      description: 'The body is exactly `{"quantity": n}`. The cart is recalculated.',
      form: "CartItemChange",
      success: { status: 204, description: "Changed." },
      errors: [400, 404, 413],
    }),
  ),
  {
    method: "delete",
    path: "/api/v1/carts/{cartId}/items/{itemId}",
    tag: "Carts",
    operationId: "removeCartItem",
    summary: "Remove an item from a cart",
    success: { status: 204, description: "Removed." },
    errors: [404],
  },

  // ------------------------------------------------------------------------------- orders
  {
    method: "get",
    path: "/api/v1/orders/{id}",
    tag: "Orders",
    operationId: "getOrder",
    summary: "Get an order",
    description: "Any order, in the cart representation (the target of a cart item's `_links.order`).",
    success: { status: 200, description: "The order.", schema: Cart },
    errors: [404],
  },

  // ---------------------------------------------------------------- supporting resources (§8)
  ...crud({
    tag: "Products",
    collection: "/api/v1/products/",
    key: "code",
    noun: "product",
    plural: "products",
    idPrefix: "Product",
    item: Product,
    page: ProductPage,
    create: "ProductCreate",
    update: "ProductUpdate",
    list: named(["code", "createdAt", "updatedAt"], ["code", "name"]),
    deleteConflict: true,
    updateConflict: "409 when an option that variants use is removed from `options`.",
    putNote: "A sent `code` is validated, then ignored. Sent translations replace the old ones; sent options and channels replace the old lists.",
    patchNote: "Fields not sent keep their values; sent translations are merged field by field into the existing ones.",
  }),
  ...crud({
    tag: "Product options",
    collection: "/api/v1/product-options/",
    key: "code",
    noun: "product option",
    plural: "product options",
    idPrefix: "ProductOption",
    item: ProductOption,
    page: ProductOptionPage,
    create: "ProductOptionCreate",
    update: "ProductOptionUpdate",
    list: named(["position", "code", "createdAt", "updatedAt"], ["code", "name"], "position asc"),
    deleteConflict: true,
    updateConflict: "409 when a value that variants use is removed.",
    putNote: "A sent `code` is validated, then ignored. Sent translations (of the option and of its values) replace the old ones.",
    patchNote: "Fields not sent keep their values; sent translations are merged by locale.",
  }),
  ...crud({
    tag: "Channels",
    collection: "/api/v1/channels/",
    key: "code",
    noun: "channel",
    plural: "channels",
    idPrefix: "Channel",
    item: Channel,
    page: ChannelPage,
    create: "ChannelCreate",
    update: "ChannelUpdate",
    list: named(["code", "name", "createdAt", "updatedAt"], ["code", "name"]),
    deleteConflict: true,
  }),
  ...crud({
    tag: "Customers",
    collection: "/api/v1/customers/",
    key: "id",
    noun: "customer",
    plural: "customers",
    idPrefix: "Customer",
    item: Customer,
    page: CustomerPage,
    create: "CustomerCreate",
    update: "CustomerUpdate",
    list: named(["email", "firstName", "lastName", "createdAt", "updatedAt"], ["email", "firstName", "lastName"], "createdAt desc"),
    deleteConflict: true,
  }),
  ...crud({
    tag: "Promotions",
    collection: "/api/v1/promotions/",
    key: "code",
    noun: "promotion",
    plural: "promotions",
    idPrefix: "Promotion",
    item: Promotion,
    page: PromotionPage,
    create: "PromotionCreate",
    update: "PromotionUpdate",
    list: named(["priority", "code", "name", "createdAt", "updatedAt"], ["code", "name"], "priority desc"),
    deleteConflict: false,
    putNote: "A sent `code` is validated, then ignored. Sent channels, rules and actions replace the old ones.",
  }),
  ...crud({
    tag: "Zones",
    collection: "/api/v1/zones/",
    key: "code",
    noun: "zone",
    plural: "zones",
    idPrefix: "Zone",
    item: Zone,
    page: ZonePage,
    create: "ZoneCreate",
    update: "ZoneUpdate",
    list: named(["code", "name", "createdAt", "updatedAt"], ["code", "name"]),
    deleteConflict: true,
  }),
  ...crud({
    tag: "Tax categories",
    collection: "/api/v1/tax-categories/",
    key: "code",
    noun: "tax category",
    plural: "tax categories",
    idPrefix: "TaxCategory",
    item: TaxCategory,
    page: TaxCategoryPage,
    create: "CategoryCreate",
    update: "CategoryUpdate",
    list: named(["code", "name", "createdAt", "updatedAt"], ["code", "name"]),
    deleteConflict: true,
  }),
  ...crud({
    tag: "Tax rates",
    collection: "/api/v1/tax-rates/",
    key: "code",
    noun: "tax rate",
    plural: "tax rates",
    idPrefix: "TaxRate",
    item: TaxRate,
    page: TaxRatePage,
    create: "TaxRateCreate",
    update: "TaxRateUpdate",
    list: named(["code", "name", "amount", "createdAt", "updatedAt"], ["code", "name"]),
    deleteConflict: false,
  }),
  ...crud({
    tag: "Shipping categories",
    collection: "/api/v1/shipping-categories/",
    key: "code",
    noun: "shipping category",
    plural: "shipping categories",
    idPrefix: "ShippingCategory",
    item: ShippingCategory,
    page: ShippingCategoryPage,
    create: "CategoryCreate",
    update: "CategoryUpdate",
    list: named(["code", "name", "createdAt", "updatedAt"], ["code", "name"]),
    deleteConflict: true,
  }),
  ...crud({
    tag: "Shipping methods",
    collection: "/api/v1/shipping-methods/",
    key: "code",
    noun: "shipping method",
    plural: "shipping methods",
    idPrefix: "ShippingMethod",
    item: ShippingMethod,
    page: ShippingMethodPage,
    create: "ShippingMethodCreate",
    update: "ShippingMethodUpdate",
    list: named(["code", "position", "createdAt", "updatedAt"], ["code"]),
    deleteConflict: false,
  }),
  ...crud({
    tag: "Locales",
    collection: "/api/v1/locales/",
    key: "code",
    noun: "locale",
    plural: "locales",
    idPrefix: "Locale",
    item: Locale,
    page: LocalePage,
    create: "CodeOnlyCreate",
    update: "CodeOnlyUpdate",
    list: named(["code", "createdAt"], ["code"]),
    deleteConflict: true,
    putNote: CODE_ONLY_PUT,
    patchNote: CODE_ONLY_PUT,
  }),
  ...crud({
    tag: "Currencies",
    collection: "/api/v1/currencies/",
    key: "code",
    noun: "currency",
    plural: "currencies",
    idPrefix: "Currency",
    item: Currency,
    page: CurrencyPage,
    create: "CodeOnlyCreate",
    update: "CodeOnlyUpdate",
    list: named(["code", "createdAt"], ["code"]),
    deleteConflict: true,
    putNote: CODE_ONLY_PUT,
    patchNote: CODE_ONLY_PUT,
  }),
];

export const TAGS: { name: string; description: string }[] = [
  { name: "Authentication", description: "OAuth2 token endpoint (RFC 6749): password, refresh_token and client_credentials grants." },
  { name: "Product variants", description: "Variants of a product." },
  { name: "Carts", description: "Carts and their items. Every change recalculates the cart." },
  { name: "Orders", description: "Orders, read-only." },
  { name: "Products", description: "Products: translations, options, channels." },
  { name: "Product options", description: "Options of products and their values." },
  { name: "Channels", description: "Sales channels." },
  { name: "Customers", description: "Customers and their shop accounts." },
  { name: "Promotions", description: "Promotions: rules and actions." },
  { name: "Zones", description: "Groups of countries." },
  { name: "Tax categories", description: "Tax categories of variants and shipping methods." },
  { name: "Tax rates", description: "Tax rates per category and zone." },
  { name: "Shipping categories", description: "Shipping categories of variants." },
  { name: "Shipping methods", description: "Shipping methods and their costs." },
  { name: "Locales", description: "Locales." },
  { name: "Currencies", description: "Currencies." },
  { name: "Service", description: "Health check and this documentation." },
];
