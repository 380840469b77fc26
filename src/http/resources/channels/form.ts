/**
 * The channel form: ChannelBundle's and CoreBundle's ChannelType (its
 * children in its order), Channel.xml and validators.en.yml; the fields this
 * service has no data for are accepted with their empty or default value
 * only. With its documentation.
 */
import { z } from "zod";
import { defineForm } from "../../form";
import { CODE_PATTERN, codeList, optionalBoolean, optionalString, requiredString } from "../../fields";
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
const NOT_YET = "Sylius' form field; this service has no data for it: only an empty value is accepted.";

/** A Sylius field this service does not store: absent, null or "". */
const emptyOnly = () => z.union([z.null(), z.literal("")], { error: MSG.invalid }).optional();
/** A Sylius flag this service does not store: absent, or its Sylius default. */
const defaultOnly = (value: boolean) => z.literal(value, { error: MSG.invalid }).optional();
const emptyList = () => z.array(z.string(), { error: MSG.invalid }).max(0, { error: MSG.invalid }).optional();
/** ShopBillingDataType: absent, null, or an object whose fields are all empty. */
const emptyBillingData = () =>
  z
    .strictObject(Object.fromEntries(SHOP_BILLING_DATA.map((name) => [name, emptyOnly()])), { error: MSG.invalid })
    .nullable()
    .optional();

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

/** The fields Sylius' ChannelType has and this service does not store, in their places of its order. */
const unsupported = {
  countries: emptyList(),
  themeName: emptyOnly(),
  contactEmail: emptyOnly(),
  skippingShippingStepAllowed: defaultOnly(false),
  skippingPaymentStepAllowed: defaultOnly(false),
  accountVerificationRequired: defaultOnly(true),
  shopBillingData: emptyBillingData(),
  menuTaxon: emptyOnly(),
};

/** ChannelType's fields between the tax calculation strategy and the code, in its order. */
const { countries: _countries, ...afterStrategy } = unsupported;

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
  countries: unsupported.countries,
  defaultTaxZone: optionalZone(),
  taxCalculationStrategy: strategy(),
  ...afterStrategy,
  code: channelCode(),
  baseCurrency: reference(CHANNEL_MESSAGES.baseCurrencyBlank),
});

const UNSUPPORTED_DOCS = Object.fromEntries(Object.keys(unsupported).map((field) => [field, NOT_YET]));

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
    ...UNSUPPORTED_DOCS,
  },
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
  },
});

export const updateForm = defineForm({
  name: requiredString(CHANNEL_MESSAGES.nameBlank).optional(),
  description: optionalString(),
  enabled: optionalBoolean(),
  hostname: optionalString(255),
  color: optionalString(255),
  locales: codeList().optional(),
  defaultLocale: reference(CHANNEL_MESSAGES.defaultLocaleBlank).optional(),
  currencies: codeList().optional(),
  countries: unsupported.countries,
  defaultTaxZone: optionalZone(),
  taxCalculationStrategy: strategy().optional(),
  ...afterStrategy,
  /** Immutable: a sent code is ignored (Sylius disables the field on edit). */
  code: z.unknown().optional(),
  baseCurrency: reference(CHANNEL_MESSAGES.baseCurrencyBlank).optional(),
});

documentForm(updateForm, {
  component: "ChannelUpdate",
  shapes: { code: IGNORED_CODE },
  descriptions: {
    defaultTaxZone: "Zone code; `null` or `\"\"` for none.",
    locales: "Replaces the old list.",
    currencies: "Replaces the old list.",
    ...UNSUPPORTED_DOCS,
  },
  example: { name: "US Mobile Store", enabled: false },
});
