/**
 * The channel form: ChannelBundle's and CoreBundle's ChannelType (its
 * children in its order), Channel.xml and validators.en.yml. With its
 * documentation.
 */
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, codeList, EMAIL_PATTERN, optionalBoolean, optionalString, requiredString } from "../../fields";
import { MSG } from "../../../domain/messages";
import { TAX_CALCULATION_STRATEGIES } from "../../../data/queries/channels";
import { CODE_DESCRIPTION, documentForm, IGNORED_CODE } from "../../openapi/form-docs";

/** ChannelBundle's and CoreBundle's validators.en.yml, and Symfony's NotBlank for the strategy. */
export const CHANNEL_MESSAGES = {
  codeBlank: "Please enter channel code.",
  codePattern: "Channel code can only be comprised of letters, numbers, dashes and underscores.",
  unique: "Channel code has to be unique.",
  nameBlank: "Please enter channel name.",
  baseCurrencyBlank: "Please enter channel base currency.",
  defaultLocaleBlank: "Please enter channel default locale.",
  strategyBlank: MSG.blank,
  /** CoreBundle's HasEnabledEntity: some channel must stay enabled. */
  noEnabledChannel: "Must have at least one enabled entity",
} as const;

/** ChannelType's shop billing data sub-form (ShopBillingDataType), in its order. */
export const SHOP_BILLING_DATA = ["taxId", "company", "countryCode", "street", "city", "postcode"] as const;
export type ShopBillingField = (typeof SHOP_BILLING_DATA)[number];

/** CoreBundle's validators.en.yml (`sylius.channel.contact_email.*`). */
export const CONTACT_EMAIL_MESSAGES = {
  tooShort: "Email must be at least 2 characters long.",
  tooLong: "Email must not be longer than 254 characters.",
  invalid: "This email is invalid.",
} as const;

/** A text field that may be left empty (Symfony's TextType: "" submits null); at most `max` characters. */
const optionalText = (max = 255) =>
  z
    .string({ error: MSG.invalid })
    .max(max, { error: MSG.invalid })
    .nullable()
    .optional()
    .meta({ default: null })
    .transform((value) => (value === "" ? null : value));

/** Sylius' contact email (Channel.xml: Length 2..254, Email), or null / "" for none. */
const contactEmail = () =>
  z
    .string({ error: MSG.invalid })
    .nullable()
    .optional()
    .meta({ default: null })
    .transform((value) => (value === "" ? null : value))
    .refine((value) => value == null || value.length >= 2, { error: CONTACT_EMAIL_MESSAGES.tooShort })
    .refine((value) => value == null || value.length <= 254, { error: CONTACT_EMAIL_MESSAGES.tooLong })
    .refine((value) => value == null || EMAIL_PATTERN.test(value), { error: CONTACT_EMAIL_MESSAGES.invalid });

/** A CheckboxType: true or false; null is unchecked (false), as is an unsent one (the default). */
const checkbox = () =>
  z
    .boolean({ error: MSG.invalid })
    .nullable()
    .optional()
    .meta({ default: false })
    .transform((value) => (value === null ? false : value));

/** ShopBillingDataType: an object of its fields (checked field by field by `checkShopBillingData`), or null for none. */
const shopBillingData = () => z.union([z.null(), z.record(z.string(), z.unknown())], { error: MSG.invalid }).optional();

/** A taxon's code (TaxonAutocompleteChoiceType), or null / "" for none. */
const optionalCode = () =>
  z
    .string({ error: MSG.invalid })
    .nullable()
    .optional()
    .meta({ default: null })
    .transform((value) => (value === "" ? null : value));

const channelCode = () => requiredString(CHANNEL_MESSAGES.codeBlank).refine((s) => CODE_PATTERN.test(s), { error: CHANNEL_MESSAGES.codePattern });
const reference = (blank: string) => requiredString(blank);

/** A zone code, or null / "" to have none. */
const optionalZone = () =>
  z
    .string({ error: MSG.invalid })
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));
const strategy = () =>
  z.enum(TAX_CALCULATION_STRATEGIES, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? CHANNEL_MESSAGES.strategyBlank : MSG.invalid),
  });

/**
 * CoreBundle's ChannelType fields after the tax calculation strategy, in its
 * order, with the value each takes when a create leaves it out (`DEFAULTS`).
 */
const afterStrategy = {
  themeName: optionalText(),
  contactEmail: contactEmail(),
  skippingShippingStepAllowed: checkbox(),
  skippingPaymentStepAllowed: checkbox(),
  accountVerificationRequired: checkbox(),
  shopBillingData: shopBillingData().meta({ default: null }),
  menuTaxon: optionalCode(),
};
const countries = () => codeList().optional().meta({ default: [] });

/**
 * What a form leaves out of these fields becomes (Symfony's empty data: an
 * unsent checkbox is unchecked, an unsent choice or text is null, an unsent
 * multiple choice is empty).
 */
export const DEFAULTS = {
  countries: [],
  themeName: null,
  contactEmail: null,
  skippingShippingStepAllowed: false,
  skippingPaymentStepAllowed: false,
  accountVerificationRequired: false,
  shopBillingData: null,
  menuTaxon: null,
} as const;

/** ChannelType's children in its order (name … menuTaxon, then code and baseCurrency, added on PRE_SET_DATA). */
export const createForm = defineForm({
  name: requiredString(CHANNEL_MESSAGES.nameBlank),
  description: optionalString(),
  enabled: optionalBoolean(),
  hostname: optionalString(255),
  color: optionalString(255),
  locales: codeList().optional(),
  defaultLocale: reference(CHANNEL_MESSAGES.defaultLocaleBlank),
  currencies: codeList().optional(),
  countries: countries(),
  defaultTaxZone: optionalZone(),
  taxCalculationStrategy: strategy(),
  ...afterStrategy,
  code: channelCode(),
  baseCurrency: reference(CHANNEL_MESSAGES.baseCurrencyBlank),
});

const SHOP_BILLING_DATA_SHAPE = {
  schema: z
    .object(Object.fromEntries(SHOP_BILLING_DATA.map((name) => [name, z.string().max(255).nullable().optional()])))
    .nullable()
    .meta({
      default: null,
      description:
        "The shop's billing data (ShopBillingDataType): `taxId`, `company`, `countryCode` (an enabled country's code), `street`, `city`, `postcode`, each text up to 255 characters, `null` or `\"\"` for none; `null` clears them all. A PATCH keeps the fields it does not send, a POST or PUT clears them. Not shown by the channel's read (as Sylius).",
    }),
  examples: [{ company: "Quickmart Ltd", taxId: "NL123", countryCode: "US", street: "Main Street 1", city: "Amsterdam", postcode: "1000" }, null, { city: "" }],
};

/** The descriptions of ChannelType's fields this service stores but, as Sylius, does not show (menuTaxon is shown). */
const EXTRA_DOCS = {
  countries: "Codes of enabled countries (CountryChoiceType); replaces the old list. Not shown by the channel's read (as Sylius).",
  themeName: "Any name up to 255 characters (this service has no themes); `null` or `\"\"` for none. Not shown by the channel's read (as Sylius).",
  contactEmail: "An e-mail address (2 to 254 characters); `null` or `\"\"` for none. Not shown by the channel's read (as Sylius).",
  skippingShippingStepAllowed: "The checkout skips the shipping step when the cart's shipment can take exactly one method, which it then has. Not shown by the channel's read (as Sylius).",
  skippingPaymentStepAllowed: "The checkout skips the payment step when the cart's payment can take exactly one method, which it then has. Not shown by the channel's read (as Sylius).",
  accountVerificationRequired: "Stored for Sylius clients (this service has no shop registration). Not shown by the channel's read (as Sylius).",
  menuTaxon: "A taxon's code; `null` or `\"\"` for none. Shown as the taxon's detailed representation.",
};

documentForm(createForm, {
  component: "ChannelCreate",
  descriptions: {
    code: CODE_DESCRIPTION,
    baseCurrency: "Currency code; always one of the channel's currencies.",
    defaultLocale: "Locale code; always one of the channel's locales.",
    defaultTaxZone: "Zone code; `null` or `\"\"` for none.",
    description: "Free text; `null` removes it.",
    hostname: "The shop's host name; `null` removes it.",
    color: "Any text (`black`, `#1abb9c`); `null` removes it.",
    enabled: "Not sent is `false` (Sylius' unchecked checkbox). Some channel must stay enabled: `Must have at least one enabled entity` otherwise.",
    ...EXTRA_DOCS,
  },
  shapes: { shopBillingData: SHOP_BILLING_DATA_SHAPE },
  example: {
    code: "US_MOBILE",
    name: "US Mobile",
    description: "The mobile shop",
    enabled: true,
    hostname: "m.example.com",
    color: "#1abb9c",
    baseCurrency: "USD",
    defaultLocale: "en_US",
    locales: ["en_US"],
    currencies: ["USD"],
    defaultTaxZone: "US",
    taxCalculationStrategy: "order_items_based",
    contactEmail: "shop@example.com",
    skippingShippingStepAllowed: true,
  },
});

/**
 * A PUT clears what it leaves out (Sylius' ChannelType submitted whole): the
 * texts and the tax zone to none, `enabled` to false (a checkbox: the last
 * enabled channel then fails), the locale and currency lists to the default
 * locale and base currency alone. A new field declares its cleared value in
 * `cleared` below.
 */
export const updateForm = defineForm({
  name: requiredString(CHANNEL_MESSAGES.nameBlank).optional(),
  description: optionalString(),
  enabled: optionalBoolean(),
  hostname: optionalString(255),
  color: optionalString(255),
  locales: codeList().optional(),
  defaultLocale: reference(CHANNEL_MESSAGES.defaultLocaleBlank).optional(),
  currencies: codeList().optional(),
  countries: countries(),
  defaultTaxZone: optionalZone(),
  taxCalculationStrategy: strategy().optional(),
  ...afterStrategy,
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  baseCurrency: reference(CHANNEL_MESSAGES.baseCurrencyBlank).optional(),
}, {
  cleared: {
    description: null,
    enabled: false,
    hostname: null,
    color: null,
    locales: [],
    currencies: [],
    defaultTaxZone: null,
    ...DEFAULTS,
    countries: [],
  },
});

documentForm(updateForm, {
  component: "ChannelUpdate",
  shapes: { code: IGNORED_CODE, shopBillingData: SHOP_BILLING_DATA_SHAPE },
  descriptions: {
    defaultTaxZone: "Zone code; `null` or `\"\"` for none.",
    locales: "Replaces the old list.",
    currencies: "Replaces the old list.",
    ...EXTRA_DOCS,
  },
  example: { name: "US Mobile Store", enabled: false },
});
