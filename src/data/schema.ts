/**
 * The whole relational model, one drizzle table per concept.
 *
 * Conventions: integer autoincrement ids (the API exposes them), `code`
 * columns unique where the API addresses a resource by code, timestamps as
 * ISO 8601 text in UTC, money as integer minor units, tax rates as decimal
 * strings (exact: parsed into rationals by the pricing engine, never floats).
 * Foreign keys cascade only from an owner to its parts; references between
 * resources are RESTRICT so "still referenced" deletes fail in SQL as well.
 */
import { type BuildColumns, sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  type SQLiteColumn,
  type SQLiteColumnBuilderBase,
  sqliteTable,
  type SQLiteTableExtraConfigValue,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type {
  CheckoutState,
  OrderPaymentState,
  OrderShippingState,
  OrderState,
  PaymentState,
  ShipmentState,
} from "../domain/orders";
import type { CategoryRequirement, ShippingCalculator, TaxCalculationStrategy } from "../domain/pricing";

const id = () => integer("id").primaryKey({ autoIncrement: true });
/**
 * The id of a cart's own rows (items, units, adjustments): no AUTOINCREMENT.
 * The cart object gives their ids from blocks it reserves (row_id_sequences),
 * and AUTOINCREMENT made every INSERT scan `sqlite_sequence` (one row per
 * table: about 36 rows read per statement, docs/performance/change-reads.md).
 */
const cartRowId = () => integer("id").primaryKey();
const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
const bool = (name: string) => integer(name, { mode: "boolean" });
/** The code the API addresses a resource by. */
const code = () => text("code").notNull().unique();
/** `created_at` and `updated_at`, set by SQLite on insert (the service sets `updated_at` on change). */
const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** The owner of a part: the part is deleted with it. */
const ownedBy = (name: string, owner: () => AnySQLiteColumn) => integer(name).notNull().references(owner, { onDelete: "cascade" });
/** A required reference to another resource: RESTRICT, the resource cannot be deleted while referenced. */
const refersTo = (name: string, target: () => AnySQLiteColumn) => integer(name).notNull().references(target);

type Columns = Record<string, SQLiteColumnBuilderBase>;
/** A table's columns as its extra config (indexes) sees them. */
type Built<N extends string, C extends Columns> = BuildColumns<N, C, "sqlite">;
/** The owner's key column of a table built by a helper below (the name of its index derives from it). */
/** One column of a table built by a helper below (an index of the helper's names it). */
type ColumnOf<N extends string, C extends Columns> = (t: Built<N, C>) => SQLiteColumn;
const ownerPrefix = (column: SQLiteColumn) => column.name.replace(/_id$/, "");

const localeColumns = () => ({ locale: text("locale").notNull() });
type TranslationColumns<O extends Columns, C extends Columns> = { id: ReturnType<typeof id> } & O & ReturnType<typeof localeColumns> & C;

/**
 * A translation table (Sylius' `*_translation`): `id`, the owner's column
 * (one key), `locale` and the translated texts, one row per owner and locale
 * (unique index `<table>_<owner column without _id>_locale`); `extra` adds
 * indexes.
 */
function translationTable<N extends string, O extends Columns, C extends Columns>(
  name: N,
  owner: O,
  texts: C,
  ownerOf: ColumnOf<N, TranslationColumns<O, C>>,
  extra: (t: Built<N, TranslationColumns<O, C>>) => SQLiteTableExtraConfigValue[] = () => [],
) {
  return sqliteTable(name, { id: id(), ...owner, ...localeColumns(), ...texts }, (t) => {
    const column = ownerOf(t);
    return [uniqueIndex(`${name}_${ownerPrefix(column)}_locale`).on(column, t.locale), ...extra(t)];
  });
}

const imageColumns = () => ({
  type: text("type"),
  path: text("path").notNull().unique(),
  contentType: text("content_type").notNull(),
  position: integer("position").notNull(),
});
type ImageColumns<O extends Columns> = { id: ReturnType<typeof id> } & O & ReturnType<typeof imageColumns>;

/** The images of an owner (products', taxons'), by owner and position (index `<table>_<owner column without _id>`). */
function imageTable<N extends string, O extends Columns>(name: N, owner: O, ownerOf: ColumnOf<N, ImageColumns<O>>) {
  return sqliteTable(name, { id: id(), ...owner, ...imageColumns() }, (t) => {
    const column = ownerOf(t);
    return [index(`${name}_${ownerPrefix(column)}`).on(column, t.position)];
  });
}

/** A link between two rows (a many-to-many relation): its two columns are its primary key. */
function linkTable<N extends string, C extends Columns>(
  name: N,
  columns: C,
  key: (t: BuildColumns<N, C, "sqlite">) => [SQLiteColumn, SQLiteColumn],
  indexes: (t: BuildColumns<N, C, "sqlite">) => SQLiteTableExtraConfigValue[] = () => [],
) {
  return sqliteTable(name, columns, (t) => [primaryKey({ columns: key(t) }), ...indexes(t)]);
}

const translatedName = () => ({ name: text("name").notNull() });
/** A translated name and optional description (methods' translations). */
const nameAndDescription = () => ({ ...translatedName(), description: text("description") });
/** A translated name, slug and optional description (products', taxons'). */
const nameSlugAndDescription = () => ({ ...translatedName(), slug: text("slug").notNull(), description: text("description") });

// ---------------------------------------------------------------- accounts

export const adminUsers = sqliteTable("admin_users", {
  id: id(),
  username: text("username").notNull(),
  usernameCanonical: text("username_canonical").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  enabled: bool("enabled").notNull().default(true),
  /**
   * Sylius' `ROLE_API_ACCESS`: only a user who has it gets a token (password grant), and its
   * tokens work only while it has it. Granted by default (and to every user that existed before
   * it); `npm run accounts -- revoke-api-access` takes it away.
   */
  apiAccess: bool("api_access").notNull().default(true),
  /**
   * Sylius' AdminUser fields, managed over `/api/v1/users/`. Every user has an e-mail (the form
   * and the accounts CLI require one), but for an account the CLI made before it took one whose
   * username is not an address (see the migration admin_user_emails).
   */
  email: text("email"),
  emailCanonical: text("email_canonical").unique(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  localeCode: text("locale_code").notNull().default("en_US"),
  ...timestamps(),
});

export const oauthClients = sqliteTable("oauth_clients", {
  id: id(),
  publicId: text("public_id").notNull().unique(),
  secretHash: text("secret_hash").notNull(),
  /** JSON array of grant type names this client may use. */
  allowedGrantTypes: text("allowed_grant_types", { mode: "json" })
    .$type<string[]>()
    .notNull(),
  /**
   * The scopes this client's tokens may hold, space-separated in the order of
   * src/domain/scopes.ts; NULL: none configured, every scope (full access).
   * A token's effective scopes are its own within these, read at each check.
   */
  scopes: text("scopes"),
  createdAt: createdAt(),
});

const tokenColumns = () => ({
  id: id(),
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  tokenHash: text("token_hash").notNull().unique(),
  clientId: ownedBy("client_id", () => oauthClients.id),
  userId: integer("user_id").references(() => adminUsers.id, { onDelete: "cascade" }),
  /** Unix epoch seconds. */
  expiresAt: integer("expires_at").notNull(),
  createdAt: createdAt(),
  /** The scopes granted, space-separated (src/domain/scopes.ts); NULL: all of its client's. */
  scopes: text("scopes"),
});

// By user: a deleted user's tokens are deleted with it.
export const oauthAccessTokens = sqliteTable(
  "oauth_access_tokens",
  {
    ...tokenColumns(),
    /**
     * A copy of its client's `scopes`, kept by declared triggers
     * (src/data/triggers/token-scopes.ts): the token check reads it instead
     * of the client's row, one row less on every request.
     */
    clientScopes: text("client_scopes"),
  },
  (t) => [index("oauth_access_tokens_user").on(t.userId), index("oauth_access_tokens_client").on(t.clientId)],
);
export const oauthRefreshTokens = sqliteTable("oauth_refresh_tokens", tokenColumns(), (t) => [index("oauth_refresh_tokens_user").on(t.userId)]);

// ----------------------------------------------------------- localisation

export const locales = sqliteTable("locales", {
  id: id(),
  code: code(),
  ...timestamps(),
});

export const currencies = sqliteTable("currencies", {
  id: id(),
  code: code(),
  ...timestamps(),
});

/**
 * Exchange rates between two currencies (Sylius CurrencyBundle ExchangeRate):
 * one rate per pair, whichever way round; parts of their currencies (deleted
 * with either, as in Sylius).
 */
export const exchangeRates = sqliteTable(
  "exchange_rates",
  {
    id: id(),
    sourceCurrencyId: ownedBy("source_currency_id", () => currencies.id),
    targetCurrencyId: ownedBy("target_currency_id", () => currencies.id),
    /** In hundred-thousandths: Sylius' decimal(10, 5), exact (0.85157 is 85157). */
    ratio: integer("ratio").notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("exchange_rates_pair").on(t.sourceCurrencyId, t.targetCurrencyId),
    index("exchange_rates_target").on(t.targetCurrencyId),
    index("exchange_rates_created_at").on(t.createdAt),
    // Sylius' grid sorts by the ratio (ties by id: the index's rowid).
    index("exchange_rates_ratio").on(t.ratio),
  ],
);

export const zones = sqliteTable("zones", {
  id: id(),
  code: code(),
  name: text("name").notNull(),
  type: text("type").notNull().default("country"),
  /** Sylius' scope: `shipping`, `tax` or `all`. */
  scope: text("scope").notNull().default("all"),
  ...timestamps(),
});

export const zoneMembers = sqliteTable(
  "zone_members",
  {
    zoneId: ownedBy("zone_id", () => zones.id),
    code: text("code").notNull(),
  },
  // By code: the zones an address is in (a member country, province or zone).
  (t) => [primaryKey({ columns: [t.zoneId, t.code] }), index("zone_members_code").on(t.code)],
);

// --------------------------------------------------------------- channels

export const channels = sqliteTable("channels", {
  id: id(),
  code: code(),
  name: text("name").notNull(),
  enabled: bool("enabled").notNull().default(true),
  baseCurrencyId: refersTo("base_currency_id", () => currencies.id),
  defaultLocaleId: refersTo("default_locale_id", () => locales.id),
  defaultTaxZoneId: integer("default_tax_zone_id").references(() => zones.id),
  hostname: text("hostname"),
  description: text("description"),
  color: text("color"),
  taxCalculationStrategy: text("tax_calculation_strategy").$type<TaxCalculationStrategy>().notNull().default("order_items_based"),
  ...timestamps(),
  /** Sylius' theme name (this service has no themes: any name is kept as given). */
  themeName: text("theme_name"),
  contactEmail: text("contact_email"),
  /** The checkout skips the shipping step when every shipment can take one method only (Sylius' ShippingMethodSelectionRequirementChecker). */
  skippingShippingStepAllowed: bool("skipping_shipping_step_allowed").notNull().default(false),
  /** The checkout skips the payment step when every payment can take one method only. */
  skippingPaymentStepAllowed: bool("skipping_payment_step_allowed").notNull().default(false),
  accountVerificationRequired: bool("account_verification_required").notNull().default(true),
  /** The shop's billing data (Sylius' ShopBillingData, one per channel: kept in the channel's row). */
  shopBillingTaxId: text("shop_billing_tax_id"),
  shopBillingCompany: text("shop_billing_company"),
  shopBillingCountryCode: text("shop_billing_country_code"),
  shopBillingStreet: text("shop_billing_street"),
  shopBillingCity: text("shop_billing_city"),
  shopBillingPostcode: text("shop_billing_postcode"),
  /** The taxon the shop's menu starts from; a deleted taxon leaves the channel without one (Sylius: ON DELETE SET NULL). */
  menuTaxonId: integer("menu_taxon_id").references((): AnySQLiteColumn => taxons.id, { onDelete: "set null" }),
}, (t) => [index("channels_menu_taxon").on(t.menuTaxonId)]);

export const channelLocales = linkTable("channel_locales", { channelId: ownedBy("channel_id", () => channels.id), localeId: refersTo("locale_id", () => locales.id) }, (t) => [t.channelId, t.localeId]);

export const channelCurrencies = linkTable("channel_currencies", { channelId: ownedBy("channel_id", () => channels.id), currencyId: refersTo("currency_id", () => currencies.id) }, (t) => [t.channelId, t.currencyId]);

/** The countries of a channel (Sylius' `sylius_channel_countries`): a deleted country leaves its channels (CASCADE, as Sylius). */
export const channelCountries = linkTable(
  "channel_countries",
  { channelId: ownedBy("channel_id", () => channels.id), countryId: ownedBy("country_id", (): AnySQLiteColumn => countries.id) },
  (t) => [t.channelId, t.countryId],
  (t) => [index("channel_countries_country").on(t.countryId)],
);

// -------------------------------------------------------------- customers

/** A group of customers (Sylius' CustomerGroup: code and name); the `customer_group` promotion rule names one. */
export const customerGroups = sqliteTable(
  "customer_groups",
  {
    id: id(),
    code: code(),
    name: text("name").notNull(),
  },
  (t) => [index("customer_groups_name").on(t.name)],
);

export const customers = sqliteTable(
  "customers",
  {
    id: id(),
    email: text("email").notNull(),
    emailCanonical: text("email_canonical").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** `Y-m-d` (Sylius stores a date; the API shows it as a datetime). */
    birthday: text("birthday"),
    /** `u` (unknown), `m` or `f`, as Sylius' CustomerInterface. */
    gender: text("gender").notNull().default("u"),
    ...timestamps(),
    /** The customer's group (Sylius' `group`); a deleted group leaves its customers in none. */
    groupId: integer("group_id").references((): AnySQLiteColumn => customerGroups.id, { onDelete: "set null" }),
    phoneNumber: text("phone_number"),
    subscribedToNewsletter: bool("subscribed_to_newsletter").notNull().default(false),
  },
  // One index per sortable column of the customer list (email: the unique one).
  (t) => [
    index("customers_group").on(t.groupId),
    index("customers_first_name").on(t.firstName),
    index("customers_last_name").on(t.lastName),
    index("customers_created").on(t.createdAt),
    index("customers_updated").on(t.updatedAt),
  ],
);

/** A customer's shop account (Sylius' ShopUser); username = email. */
export const shopUsers = sqliteTable("shop_users", {
  id: id(),
  customerId: integer("customer_id")
    .notNull()
    .unique()
    .references(() => customers.id, { onDelete: "cascade" }),
  username: text("username").notNull(),
  usernameCanonical: text("username_canonical").notNull().unique(),
  passwordHash: text("password_hash"),
  enabled: bool("enabled").notNull().default(false),
  ...timestamps(),
});

// ---------------------------------------------------------------- options

export const productOptions = sqliteTable("product_options", {
  id: id(),
  code: code(),
  position: integer("position").notNull().default(0),
  ...timestamps(),
});

export const productOptionTranslations = translationTable("product_option_translations", { optionId: ownedBy("option_id", () => productOptions.id) }, translatedName(), (t) => t.optionId);

export const productOptionValues = sqliteTable(
  "product_option_values",
  {
    id: id(),
    optionId: ownedBy("option_id", () => productOptions.id),
    code: code(),
  },
  (t) => [index("product_option_values_option").on(t.optionId)],
);

export const productOptionValueTranslations = translationTable("product_option_value_translations", { valueId: ownedBy("value_id", () => productOptionValues.id) }, { value: text("value").notNull() }, (t) => t.valueId);

// --------------------------------------------------------------- products

export const products = sqliteTable(
  "products",
  {
    id: id(),
    code: code(),
    enabled: bool("enabled").notNull().default(true),
    /** The sum and number of the product's accepted reviews' ratings, kept by triggers on product_reviews (src/data/triggers/derived-columns.ts): averageRating = sum / count. */
    acceptedRatingSum: integer("accepted_rating_sum").notNull().default(0),
    acceptedReviewCount: integer("accepted_review_count").notNull().default(0),
    ...timestamps(),
    /** Sylius' main taxon (a taxon's delete clears it). */
    mainTaxonId: integer("main_taxon_id").references((): AnySQLiteColumn => taxons.id, { onDelete: "set null" }),
    /**
     * The name of the product's `en_US` translation (NULL without one), the product list's
     * `sorting[name]` key: kept by triggers on product_translations (src/data/triggers/derived-columns.ts).
     */
    sortName: text("sort_name"),
  },
  // The product list's sortable timestamps and name (code: the unique index), and the products of a main taxon.
  (t) => [
    index("products_created").on(t.createdAt),
    index("products_updated").on(t.updatedAt),
    index("products_sort_name").on(t.sortName),
    index("products_main_taxon").on(t.mainTaxonId),
  ],
);

export const productTranslations = translationTable("product_translations", { productId: ownedBy("product_id", () => products.id) }, nameSlugAndDescription(), (t) => t.productId);

export const productOptionAssignments = sqliteTable(
  "product_option_assignments",
  {
    productId: ownedBy("product_id", () => products.id),
    optionId: refersTo("option_id", () => productOptions.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.optionId] })],
);

export const productChannels = linkTable("product_channels", { productId: ownedBy("product_id", () => products.id), channelId: refersTo("channel_id", () => channels.id) }, (t) => [t.productId, t.channelId]);

// ----------------------------------------------------------------- taxons

/**
 * The taxon trees as nested sets, as Sylius keeps them (Gedmo's tree):
 * `tree_left`/`tree_right` number a tree depth-first, `tree_level` is the
 * depth, `root_id` the tree's root (null on a root). A write renumbers one
 * tree with a fixed number of range UPDATEs (indexed by root), so reading a
 * subtree, an ancestor or a representation never walks the tree. `position`
 * orders the children of one parent (the roots among themselves).
 */
export const taxons = sqliteTable(
  "taxons",
  {
    id: id(),
    code: code(),
    parentId: integer("parent_id").references((): AnySQLiteColumn => taxons.id, { onDelete: "cascade" }),
    rootId: integer("root_id").references((): AnySQLiteColumn => taxons.id, { onDelete: "cascade" }),
    treeLeft: integer("tree_left").notNull(),
    treeRight: integer("tree_right").notNull(),
    treeLevel: integer("tree_level").notNull(),
    position: integer("position").notNull(),
    enabled: bool("enabled").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index("taxons_root_left").on(t.rootId, t.treeLeft),
    index("taxons_root_right").on(t.rootId, t.treeRight),
    index("taxons_parent_position").on(t.parentId, t.position),
  ],
);

export const taxonTranslations = translationTable("taxon_translations", { taxonId: ownedBy("taxon_id", () => taxons.id) }, nameSlugAndDescription(), (t) => t.taxonId, (t) => [uniqueIndex("taxon_translations_locale_slug").on(t.locale, t.slug)]);

/** A product in a taxon, at a position among the taxon's products. */
export const productTaxons = sqliteTable(
  "product_taxons",
  {
    id: id(),
    productId: ownedBy("product_id", () => products.id),
    taxonId: ownedBy("taxon_id", () => taxons.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("product_taxons_product_taxon").on(t.productId, t.taxonId), index("product_taxons_taxon_position").on(t.taxonId, t.position)],
);

// Product attributes (Sylius' sylius_product_attribute*): a typed attribute
// with its configuration (JSON), translated names and a sortable position;
// a product's values, one per attribute and locale, as JSON of the type's
// value (string, boolean, number, array of choice keys, date text).
export const productAttributes = sqliteTable(
  "product_attributes",
  {
    id: id(),
    code: code(),
    type: text("type").notNull(),
    configuration: text("configuration").notNull().default("[]"),
    position: integer("position").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index("product_attributes_position").on(t.position),
    index("product_attributes_type").on(t.type),
    index("product_attributes_created").on(t.createdAt),
    index("product_attributes_updated").on(t.updatedAt),
  ],
);

export const productAttributeTranslations = translationTable("product_attribute_translations", { attributeId: ownedBy("attribute_id", () => productAttributes.id) }, translatedName(), (t) => t.attributeId);

export const productAttributeValues = sqliteTable(
  "product_attribute_values",
  {
    id: id(),
    productId: ownedBy("product_id", () => products.id),
    attributeId: ownedBy("attribute_id", () => productAttributes.id),
    localeCode: text("locale_code").notNull(),
    value: text("value"),
  },
  (t) => [
    uniqueIndex("product_attribute_values_product_attribute_locale").on(t.productId, t.attributeId, t.localeCode),
    index("product_attribute_values_attribute").on(t.attributeId),
  ],
);

// ------------------------------------------- associations and reviews

/** Sylius' ProductAssociationType: a kind of link between products (e.g. similar, accessories). */
export const productAssociationTypes = sqliteTable(
  "product_association_types",
  {
    id: id(),
    code: code(),
    ...timestamps(),
  },
  (t) => [index("product_association_types_created").on(t.createdAt), index("product_association_types_updated").on(t.updatedAt)],
);

export const productAssociationTypeTranslations = translationTable("product_association_type_translations", { typeId: ownedBy("type_id", () => productAssociationTypes.id) }, translatedName(), (t) => t.typeId);

/** A product's association of one type (Sylius' ProductAssociation): at most one per product and type. */
export const productAssociations = sqliteTable(
  "product_associations",
  {
    id: id(),
    productId: ownedBy("product_id", () => products.id),
    typeId: refersTo("type_id", () => productAssociationTypes.id),
  },
  (t) => [uniqueIndex("product_associations_product_type").on(t.productId, t.typeId), index("product_associations_type").on(t.typeId)],
);

/** The products an association links to. */
export const productAssociationProducts = sqliteTable(
  "product_association_products",
  {
    associationId: ownedBy("association_id", () => productAssociations.id),
    productId: ownedBy("product_id", () => products.id),
  },
  (t) => [primaryKey({ columns: [t.associationId, t.productId] }), index("product_association_products_product").on(t.productId)],
);

/** Sylius' ProductReview: `status` follows the sylius_product_review graph (new → accepted | rejected). */
export const productReviews = sqliteTable(
  "product_reviews",
  {
    id: id(),
    productId: ownedBy("product_id", () => products.id),
    authorId: ownedBy("author_id", () => customers.id),
    title: text("title").notNull(),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    status: text("status", { enum: ["new", "accepted", "rejected"] }).notNull().default("new"),
    ...timestamps(),
  },
  (t) => [
    index("product_reviews_product_created").on(t.productId, t.createdAt),
    index("product_reviews_product_title").on(t.productId, t.title),
    index("product_reviews_product_rating").on(t.productId, t.rating),
    index("product_reviews_product_status").on(t.productId, t.status),
    index("product_reviews_author").on(t.authorId),
  ],
);

// ------------------------------------------------------ taxes and shipping

/** A tax or shipping category: a code, a name and a description. */
const categoryColumns = () => ({ id: id(), code: code(), name: text("name").notNull(), description: text("description"), ...timestamps() });

export const taxCategories = sqliteTable("tax_categories", categoryColumns());

export const taxRates = sqliteTable("tax_rates", {
  id: id(),
  code: code(),
  name: text("name").notNull(),
  /** Decimal fraction as text ("0.23"), exact. */
  amount: text("amount").notNull(),
  includedInPrice: bool("included_in_price").notNull().default(false),
  calculator: text("calculator").notNull().default("default"),
  categoryId: refersTo("category_id", () => taxCategories.id),
  zoneId: refersTo("zone_id", () => zones.id),
  ...timestamps(),
});

export const shippingCategories = sqliteTable("shipping_categories", categoryColumns());

export const shippingMethods = sqliteTable("shipping_methods", {
  id: id(),
  code: code(),
  position: integer("position").notNull().default(0),
  enabled: bool("enabled").notNull().default(true),
  zoneId: refersTo("zone_id", () => zones.id),
  calculator: text("calculator").$type<ShippingCalculator>().notNull(),
  /** `{CHANNEL_CODE: {amount}}` in minor units. */
  configuration: text("configuration", { mode: "json" })
    .$type<Record<string, { amount: number }>>()
    .notNull(),
  categoryId: integer("category_id").references(() => shippingCategories.id),
  categoryRequirement: text("category_requirement").$type<CategoryRequirement>().notNull().default("match_any"),
  taxCategoryId: integer("tax_category_id").references(() => taxCategories.id),
  /** Sylius' shipping method rules, `[{type, configuration}]` in form order (src/domain/pricing/shipping-rules.ts). */
  rules: text("rules", { mode: "json" })
    .$type<{ type: string; configuration: unknown }[]>()
    .notNull()
    .default(sql`'[]'`),
  ...timestamps(),
});

export const shippingMethodTranslations = translationTable("shipping_method_translations", { methodId: ownedBy("method_id", () => shippingMethods.id) }, nameAndDescription(), (t) => t.methodId);

export const shippingMethodChannels = linkTable("shipping_method_channels", { methodId: ownedBy("method_id", () => shippingMethods.id), channelId: refersTo("channel_id", () => channels.id) }, (t) => [t.methodId, t.channelId]);

// ------------------------------------------------------------- promotions

export const promotions = sqliteTable("promotions", {
  id: id(),
  code: code(),
  name: text("name").notNull(),
  description: text("description"),
  priority: integer("priority").notNull().default(0),
  exclusive: bool("exclusive").notNull().default(false),
  usageLimit: integer("usage_limit"),
  used: integer("used").notNull().default(0),
  /** Applies only to a cart carrying one of its coupons. */
  couponBased: bool("coupon_based").notNull().default(false),
  startsAt: text("starts_at"),
  endsAt: text("ends_at"),
  ...timestamps(),
});

export const promotionChannels = linkTable("promotion_channels", { promotionId: ownedBy("promotion_id", () => promotions.id), channelId: refersTo("channel_id", () => channels.id) }, (t) => [t.promotionId, t.channelId]);

/** A promotion's coupons (Sylius PromotionCoupon): a coupon-based promotion applies to a cart that carries one. */
export const promotionCoupons = sqliteTable(
  "promotion_coupons",
  {
    id: id(),
    promotionId: ownedBy("promotion_id", () => promotions.id),
    code: code(),
    usageLimit: integer("usage_limit"),
    perCustomerUsageLimit: integer("per_customer_usage_limit"),
    used: integer("used").notNull().default(0),
    expiresAt: text("expires_at"),
    ...timestamps(),
  },
  // One index per sortable column after the promotion (the list is one promotion's coupons).
  (t) => [
    index("promotion_coupons_promotion").on(t.promotionId),
    index("promotion_coupons_promotion_code").on(t.promotionId, t.code),
    index("promotion_coupons_promotion_created").on(t.promotionId, t.createdAt),
    index("promotion_coupons_promotion_updated").on(t.promotionId, t.updatedAt),
    index("promotion_coupons_promotion_used").on(t.promotionId, t.used),
    index("promotion_coupons_promotion_limit").on(t.promotionId, t.usageLimit),
    index("promotion_coupons_promotion_customer_limit").on(t.promotionId, t.perCustomerUsageLimit),
    index("promotion_coupons_promotion_expires").on(t.promotionId, t.expiresAt),
  ],
);

// ------------------------------------------------------- countries, payment methods

/** Countries addresses may use (Sylius AddressingBundle Country; their provinces below). */
export const countries = sqliteTable("countries", {
  id: id(),
  code: code(),
  enabled: bool("enabled").notNull().default(true),
  ...timestamps(),
});

/**
 * A country's provinces (Sylius AddressingBundle Province): ISO 3166-2 codes,
 * unique across countries; a name unique within its country. Parts of their
 * country (deleted with it).
 */
export const provinces = sqliteTable(
  "provinces",
  {
    id: id(),
    countryId: ownedBy("country_id", () => countries.id),
    code: code(),
    name: text("name").notNull(),
    abbreviation: text("abbreviation"),
  },
  (t) => [uniqueIndex("provinces_country_name").on(t.countryId, t.name)],
);

/** Payment methods: all offline (no gateway), available in their channels. */
export const paymentMethods = sqliteTable("payment_methods", {
  id: id(),
  code: code(),
  position: integer("position").notNull().default(0),
  enabled: bool("enabled").notNull().default(true),
  ...timestamps(),
});

export const paymentMethodTranslations = translationTable("payment_method_translations", { methodId: ownedBy("method_id", () => paymentMethods.id) }, nameAndDescription(), (t) => t.methodId);

export const paymentMethodChannels = linkTable("payment_method_channels", { methodId: ownedBy("method_id", () => paymentMethods.id), channelId: refersTo("channel_id", () => channels.id) }, (t) => [t.methodId, t.channelId]);

const promotionPart = () => ({
  id: id(),
  promotionId: ownedBy("promotion_id", () => promotions.id),
  type: text("type").notNull(),
  configuration: text("configuration", { mode: "json" }).$type<unknown>().notNull(),
});

// By type: a cold cart change asks whether its channel's promotions have a rule (or a unit action) of a type that needs more reads.
export const promotionRules = sqliteTable("promotion_rules", promotionPart(), (t) => [index("promotion_rules_type").on(t.type, t.promotionId)]);
export const promotionActions = sqliteTable("promotion_actions", promotionPart(), (t) => [index("promotion_actions_type").on(t.type, t.promotionId)]);

// ------------------------------------------------------- product variants

export const productVariants = sqliteTable(
  "product_variants",
  {
    id: id(),
    productId: ownedBy("product_id", () => products.id),
    code: code(),
    position: integer("position").notNull().default(0),
    tracked: bool("tracked").notNull().default(false),
    onHand: integer("on_hand").notNull().default(0),
    onHold: integer("on_hold").notNull().default(0),
    width: real("width"),
    height: real("height"),
    depth: real("depth"),
    weight: real("weight"),
    taxCategoryId: integer("tax_category_id").references(() => taxCategories.id),
    shippingCategoryId: integer("shipping_category_id").references(
      () => shippingCategories.id,
    ),
    version: integer("version").notNull().default(1),
    ...timestamps(),
    /** A disabled variant cannot be added to a cart (nor changed in one). */
    enabled: bool("enabled").notNull().default(true),
    /** Whether the variant's units need shipping: a cart of none gets no shipping adjustment. */
    shippingRequired: bool("shipping_required").notNull().default(true),
    /**
     * Raised by triggers (src/data/triggers/variant-views.ts) whenever something the variant's view
     * shows from other rows changes (translations, prices, option values and
     * their names, categories): a stored view (`variant_views`) of another
     * version is stale.
     */
    viewVersion: integer("view_version").notNull().default(0),
  },
  // One index per sortable column after the product (the list is one product's
  // variants): a page walks `limit` entries of one, whatever the sorting.
  (t) => [
    index("product_variants_product").on(t.productId, t.position),
    index("product_variants_product_created").on(t.productId, t.createdAt),
    index("product_variants_product_updated").on(t.productId, t.updatedAt),
    index("product_variants_product_code").on(t.productId, t.code),
    // The variants of a category (whose views its changes make stale, migration 0023).
    index("product_variants_tax_category").on(t.taxCategoryId),
    index("product_variants_shipping_category").on(t.shippingCategoryId),
  ],
);

/**
 * The stored children of a variant's view (its translations, prices, option
 * values, categories: everything but its own row) as the JSON text the view
 * reader builds, current while `view_version` equals the variant's. Filled on
 * first read, never written by a change (docs/performance/variant-views.md).
 */
export const variantViews = sqliteTable("variant_views", {
  variantId: integer("variant_id")
    .primaryKey()
    .references(() => productVariants.id, { onDelete: "cascade" }),
  viewVersion: integer("view_version").notNull(),
  children: text("children").notNull(),
});

export const productVariantTranslations = translationTable("product_variant_translations", { variantId: ownedBy("variant_id", () => productVariants.id) }, translatedName(), (t) => t.variantId);

export const channelPricings = sqliteTable(
  "channel_pricings",
  {
    id: id(),
    variantId: ownedBy("variant_id", () => productVariants.id),
    channelCode: text("channel_code").notNull(),
    price: integer("price").notNull(),
  },
  (t) => [uniqueIndex("channel_pricings_variant_channel").on(t.variantId, t.channelCode)],
);

export const productVariantOptionValues = linkTable("product_variant_option_values", { variantId: ownedBy("variant_id", () => productVariants.id), optionValueId: refersTo("option_value_id", () => productOptionValues.id) }, (t) => [t.variantId, t.optionValueId], (t) => [
  // The variants of an option value (whose views its changes make stale, migration 0023).
  index("product_variant_option_values_value").on(t.optionValueId),
]);

// ------------------------------------------------------------------ orders

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    customerId: refersTo("customer_id", () => customers.id),
    channelId: refersTo("channel_id", () => channels.id),
    currencyCode: text("currency_code").notNull(),
    localeCode: text("locale_code").notNull(),
    /** Sylius order state; carts are `cart`. */
    state: text("state").$type<OrderState>().notNull().default("cart"),
    checkoutState: text("checkout_state").$type<CheckoutState>().notNull().default("cart"),
    itemsTotal: integer("items_total").notNull().default(0),
    adjustmentsTotal: integer("adjustments_total").notNull().default(0),
    total: integer("total").notNull().default(0),
    ...timestamps(),
    /** Raised by every write of the order's rows (items, units, adjustments, totals): its entity tag's part. */
    version: integer("version").notNull().default(1),
    /** Assigned on `complete`: 9 digits, zero-padded, from the `order_number` sequence. */
    number: text("number"),
    checkoutCompletedAt: text("checkout_completed_at"),
    notes: text("notes"),
    /** Sylius' order payment and shipping states (not serialized). */
    paymentState: text("payment_state").$type<OrderPaymentState>().notNull().default("cart"),
    shippingState: text("shipping_state").$type<OrderShippingState>().notNull().default("cart"),
    shippingAddressId: integer("shipping_address_id").references(() => addresses.id),
    billingAddressId: integer("billing_address_id").references(() => addresses.id),
    promotionCouponId: integer("promotion_coupon_id").references(() => promotionCoupons.id),
  },
  (t) => [
    index("orders_state_created").on(t.state, t.createdAt),
    // The `nth_order` promotion rule counts a customer's placed orders.
    index("orders_customer_state").on(t.customerId, t.state),
    uniqueIndex("orders_number").on(t.number),
    // The order list (placed orders by number): only placed orders are in it,
    // so a page walks no cart and reads no table row to check the state.
    index("orders_placed_number").on(t.number).where(sql`state <> 'cart'`),
    // The order list's other sorts (Sylius' order grid's own columns), on the placed orders alone as well.
    ...[t.checkoutCompletedAt, t.state, t.paymentState, t.shippingState, t.total, t.currencyCode].map((column) =>
      index(`orders_placed_${column.name}`).on(column).where(sql`state <> 'cart'`),
    ),
  ],
);

/** An order's shipping or billing address (its own row, as in Sylius). */
export const addresses = sqliteTable("addresses", {
  id: id(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  phoneNumber: text("phone_number"),
  company: text("company"),
  countryCode: text("country_code").notNull(),
  provinceCode: text("province_code"),
  provinceName: text("province_name"),
  street: text("street").notNull(),
  city: text("city").notNull(),
  postcode: text("postcode").notNull(),
  ...timestamps(),
});

/**
 * An order's payments or shipments: `id`, `order_id`, `columns` and the
 * timestamps; indexed by order, by state and date, and for their list (not
 * those of carts), newest first.
 */
function orderPartTable<N extends string, C extends Columns>(
  name: N,
  columns: C,
  state: ColumnOf<N, { id: ReturnType<typeof id>; orderId: ReturnType<typeof ownedBy> } & C & ReturnType<typeof timestamps>>,
  /** Another sort of the list (its grid's), indexed as the creation date is: `<name>_placed_<suffix>`. */
  sorted?: { suffix: string; column: ColumnOf<N, { id: ReturnType<typeof id>; orderId: ReturnType<typeof ownedBy> } & C & ReturnType<typeof timestamps>> },
) {
  return sqliteTable(name, { id: id(), orderId: ownedBy("order_id", () => orders.id), ...columns, ...timestamps() }, (t) => [
    index(`${name}_order`).on(t.orderId),
    index(`${name}_state_created`).on(state(t), t.createdAt),
    index(`${name}_placed_created`).on(t.createdAt).where(sql`state <> 'cart'`),
    ...(sorted ? [index(`${name}_placed_${sorted.suffix}`).on(sorted.column(t)).where(sql`state <> 'cart'`)] : []),
  ]);
}

/** The order's payments: a cart has one (state `cart`) while its total is above zero. */
export const payments = orderPartTable(
  "payments",
  {
    methodId: integer("method_id").references(() => paymentMethods.id),
    currencyCode: text("currency_code").notNull(),
    amount: integer("amount").notNull(),
    state: text("state").$type<PaymentState>().notNull().default("cart"),
  },
  (t) => t.state,
);

/** The order's shipments: a cart has one while an item needs shipping; it holds all of the order's units. */
export const shipments = orderPartTable(
  "shipments",
  {
    methodId: integer("method_id").references(() => shippingMethods.id),
    state: text("state").$type<ShipmentState>().notNull().default("cart"),
    tracking: text("tracking"),
    shippedAt: text("shipped_at"),
  },
  (t) => t.state,
  // Sylius' shipment grid sorts by `shippedAt`.
  { suffix: "shipped", column: (t) => t.shippedAt },
);

export const orderItems = sqliteTable(
  "order_items",
  {
    id: cartRowId(),
    orderId: ownedBy("order_id", () => orders.id),
    variantId: refersTo("variant_id", () => productVariants.id),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    unitsTotal: integer("units_total").notNull(),
    adjustmentsTotal: integer("adjustments_total").notNull().default(0),
    total: integer("total").notNull(),
  },
  (t) => [
    uniqueIndex("order_items_order_variant").on(t.orderId, t.variantId),
    index("order_items_variant").on(t.variantId),
  ],
);

export const orderItemUnits = sqliteTable(
  "order_item_units",
  {
    id: cartRowId(),
    itemId: ownedBy("item_id", () => orderItems.id),
    adjustmentsTotal: integer("adjustments_total").notNull().default(0),
  },
  (t) => [index("order_item_units_item").on(t.itemId)],
);

/**
 * An item's units as the API shows them, in JSON, 256 units (by id) a row:
 * `chunk` is `unit id / 256`. A projection of `order_item_units` and their
 * adjustments, written by the cart object in the same batch as the rows it
 * renders, so that a cart read takes a few strings from D1 instead of
 * rendering thousands of rows (data/carts/unit-json.ts).
 */
export const orderItemUnitChunks = sqliteTable(
  "order_item_unit_chunks",
  {
    itemId: ownedBy("item_id", () => orderItems.id),
    chunk: integer("chunk").notNull(),
    units: text("units").notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.chunk] })],
);

/**
 * Adjustments of an order, an item or a unit. `order_id` is always set so a
 * cart's adjustments load (and delete) with one indexed query.
 */
export const adjustments = sqliteTable(
  "adjustments",
  {
    id: cartRowId(),
    orderId: ownedBy("order_id", () => orders.id),
    orderItemId: integer("order_item_id").references(() => orderItems.id, {
      onDelete: "cascade",
    }),
    orderItemUnitId: integer("order_item_unit_id").references(() => orderItemUnits.id, {
      onDelete: "cascade",
    }),
    type: text("type").notNull(),
    label: text("label").notNull(),
    amount: integer("amount").notNull(),
    neutral: bool("neutral").notNull().default(false),
    /** What produced it (promotion code, shipping method code, tax rate code). */
    originCode: text("origin_code"),
  },
  // By order, then unit: a cart read takes its order and item adjustments
  // (unit NULL) without walking its units' (those come as JSON,
  // data/carts/unit-json.ts). By item and by unit: deleting items or units
  // finds their adjustments (ON DELETE CASCADE) without reading them all.
  // The unit index holds only unit adjustments: `order_item_unit_id IS NULL`
  // (a list's order-level adjustments) cannot be planned on it and walk every
  // unit-less adjustment of the database; it goes to `adjustments_order_unit`.
  (t) => [
    index("adjustments_order_unit").on(t.orderId, t.orderItemUnitId),
    index("adjustments_item").on(t.orderItemId),
    index("adjustments_unit").on(t.orderItemUnitId).where(sql`order_item_unit_id IS NOT NULL`),
  ],
);

/**
 * Id allocation for a cart's rows (items, units, adjustments). A cart's
 * Durable Object reserves blocks of ids here in the same batch as its reads,
 * so that a change — new item, its units and their adjustments, all
 * referencing each other — commits in ONE atomic batch with ids known in
 * advance. One shared counter: ids are unique per table, not dense.
 */
export const rowIdSequences = sqliteTable("row_id_sequences", {
  name: text("name").primaryKey(),
  lastId: integer("last_id").notNull(),
});

/**
 * Idempotency keys (`Idempotency-Key`): the outcome of the first write sent
 * with a key, per OAuth client and user (`user_id` 0 for a token without a
 * user), kept until `expires_at` (epoch seconds) and replayed to a retry of
 * the same request. Written in the same batch as the change it guards. It
 * holds no body: `fingerprint` is a SHA-256 of the scope, the key, method,
 * path and canonical body (the key salts it: a body may carry a password),
 * `resource` what a replay re-renders (the created resource's code or id,
 * the cart item's id).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    id: id(),
    clientId: integer("client_id").notNull(),
    userId: integer("user_id").notNull(),
    key: text("key").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    resource: text("resource"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [uniqueIndex("idempotency_keys_scope_key").on(t.clientId, t.userId, t.key), index("idempotency_keys_expires").on(t.expiresAt)],
);

/**
 * The number of rows each list shows, so an envelope's `total` reads one row
 * instead of counting them all: `scope` names the list (a table, or `carts` /
 * `orders` / `payments` / `shipments` for the placed-or-cart split), `owner`
 * the parent of a nested list (the product of its variants, the promotion of
 * its coupons; 0 for the others). Kept by SQLite triggers (src/data/triggers/list-counts.ts) in
 * the same statement as every insert, delete or state change, whoever runs
 * it: the service, `wrangler d1 execute`, an import or a restore.
 */
export const listCounts = sqliteTable(
  "list_counts",
  {
    scope: text("scope").notNull(),
    owner: integer("owner").notNull().default(0),
    total: integer("total").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.owner] })],
);

/**
 * The version of every channel's pricing and checkout context (channels,
 * promotions with their rules, actions and channels, tax rates and
 * categories, zones and their members, shipping and payment methods with
 * their channels and translations, shipping categories). One row (`id` 1),
 * raised by SQLite triggers (src/data/triggers/pricing-context.ts) in the
 * statement that writes any of those rows, whoever runs it (a promotion's
 * `used` only when it crosses the usage limit): a cart object keeps the context in
 * memory and reads it again only when this number moved (see
 * docs/performance/pricing-context.md).
 */
export const pricingContextVersion = sqliteTable("pricing_context_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});

/**
 * Images of products and taxons (Sylius' ProductImage and TaxonImage): the
 * bytes are in the R2 bucket under `path` (Sylius' `ab/cd/<hash>.<ext>`),
 * the rows say whose they are, their `type` and their place in the owner's
 * `images`. Deleted with their owner; every deleted row, and every path a
 * replaced file frees, is queued in `image_removals` by triggers
 * (src/data/triggers/derived-columns.ts), whoever deletes it, for its object
 * to be removed from R2.
 */
export const productImages = imageTable("product_images", { productId: ownedBy("product_id", () => products.id) }, (t) => t.productId);

export const taxonImages = imageTable("taxon_images", { taxonId: ownedBy("taxon_id", () => taxons.id) }, (t) => t.taxonId);

/** Paths of R2 objects no image row holds any more, to be removed from the bucket (queued by triggers). */
export const imageRemovals = sqliteTable("image_removals", {
  path: text("path").primaryKey(),
});

/**
 * Trigram postings of the texts a list filters by substring (customers' email
 * and names, products' and taxons' codes and names): one row per distinct
 * three-character piece of `lower(text)` and owner (the row's id; a
 * translation's id for a name). `scope` is the column's number (a
 * small integer, see `SEARCH_SCOPES` in src/data/list-page.ts). Kept by SQLite triggers
 * (src/data/triggers/search-postings.ts) with every insert, change or delete of an indexed text,
 * whoever runs it; a filter of three or more characters reads the postings
 * of its rarest trigram instead of the table (docs/performance/scale.md).
 * WITHOUT ROWID (written in the migration: drizzle has no option for it).
 */
export const searchGrams = sqliteTable(
  "search_grams",
  {
    scope: integer("scope").notNull(),
    gram: text("gram").notNull(),
    owner: integer("owner").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.gram, t.owner] })],
);

/** How many owners each trigram of a scope has (`search_grams` rows), kept by triggers on `search_grams`: a filter picks its rarest trigram by it. */
export const searchGramCounts = sqliteTable(
  "search_gram_counts",
  {
    scope: integer("scope").notNull(),
    gram: text("gram").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.gram] })],
);

/** The numbers 1..1024: the positions of a text's trigrams (a trigger cannot hold a recursive WITH). */
export const searchGramPositions = sqliteTable("search_gram_positions", {
  i: integer("i").primaryKey(),
});

/**
 * The outbox: one row per event (src/domain/events/event.ts), written in the
 * same batch as the change it records, so that no change commits without its
 * events and no event without its change. The feed (GET /api/v1/events/)
 * reads it and webhooks send it.
 *
 * `id` without AUTOINCREMENT (which reads `sqlite_sequence` on every insert):
 * a new row takes the largest id + 1, so ids grow with commits; the retention
 * prune never deletes the newest row, so ids never restart. `sequence` NULL
 * means the row's own id. The actor is copied (the client's public id, the
 * user's name) so that the audit trail outlives them. Indexes serve the feed's
 * filters as seeks in id order: by type, by resource.
 */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey(),
    type: text("type").notNull(),
    occurredAt: text("occurred_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    resourceHref: text("resource_href").notNull(),
    resourceId: integer("resource_id"),
    resourceCode: text("resource_code"),
    sequence: integer("sequence"),
    actorClient: text("actor_client"),
    actorUser: text("actor_user"),
    actorSystem: text("actor_system"),
    data: text("data").notNull(),
  },
  (t) => [index("events_type").on(t.type, t.id), index("events_resource").on(t.resourceHref, t.id)],
);

/**
 * Webhook endpoints: where events are sent (docs/api/webhooks.md). `eventTypes`
 * is a JSON list of types or patterns (`order.*`, `*`). The signing secret is
 * stored sealed (src/domain/webhooks/secret-box.ts); after a rotation the
 * previous one keeps signing until `previousSecretUntil` (epoch seconds).
 * `failingSince` (epoch seconds) is the first failure of the current run of
 * failures (NULL after a success): three days of it disable the endpoint, and
 * `disabledReason` says why it was disabled by the service (`gone`, `failing`).
 */
export const webhookEndpoints = sqliteTable("webhook_endpoints", {
  id: id(),
  url: text("url").notNull(),
  eventTypes: text("event_types").notNull(),
  enabled: bool("enabled").notNull().default(true),
  description: text("description"),
  secret: text("secret").notNull(),
  previousSecret: text("previous_secret"),
  previousSecretUntil: integer("previous_secret_until"),
  failingSince: integer("failing_since"),
  disabledReason: text("disabled_reason"),
  ...timestamps(),
});

/**
 * Webhook deliveries: one row per (endpoint, event) sent, written by the
 * queue consumer (src/data/webhooks/deliveries.ts): attempts so far, the last
 * answer (`lastStatus`, the HTTP status; NULL when none came: a timeout, a
 * refused connection, `lastError` says), when the next attempt is due (epoch
 * seconds; NULL once delivered or dead-lettered) and whether the retries ran
 * out (`deadLettered`). Kept as long as its event (the cascade from `events`:
 * the outbox's prune removes them) and its endpoint. Listed per endpoint,
 * newest event first: the primary key serves it.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    lastAttemptAt: integer("last_attempt_at"),
    nextAttemptAt: integer("next_attempt_at"),
    deliveredAt: integer("delivered_at"),
    deadLettered: bool("dead_lettered").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.eventId] }), index("webhook_deliveries_event").on(t.eventId)],
);

/**
 * What the outbox has handed to the events queue. `webhook_dispatch` holds
 * one row (id 1): every event up to `through` has reached the consumer (or
 * the sweep sent it again). Above it, `webhook_dispatched` lists the events
 * the consumer has received; the sweep (the cron, every minute) advances
 * `through` over them, deletes their marks, and sends the events the queue
 * never got (a crash between commit and send). The write path pays nothing:
 * the consumer writes the marks in its own batch.
 */
export const webhookDispatch = sqliteTable("webhook_dispatch", {
  id: integer("id").primaryKey(),
  through: integer("through").notNull(),
});

export const webhookDispatched = sqliteTable("webhook_dispatched", {
  eventId: integer("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
});
