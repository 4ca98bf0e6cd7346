/**
 * The shared enumerations of spec 01 §3 (and the order, product and subscription values of the
 * entity list), each as an `as const` array, a zod enum and a type. Values are written exactly as
 * the spec writes them (spaces, slashes and underscores included): they are what the API sends.
 */
import { z } from 'zod';
import { CURRENCIES, PAYMENT_SYSTEMS, SHOP_SYSTEMS } from './companies.ts';

/** Account payment state. */
export const ACCOUNT_PAYMENT_STATES = ['paid', 'payment_pending', 'payment_required', 'trial'] as const;
export const accountPaymentStateSchema = z.enum(ACCOUNT_PAYMENT_STATES);
export type AccountPaymentState = z.infer<typeof accountPaymentStateSchema>;

export const SUBSCRIPTION_STATUSES = [
  'active',
  'bought out',
  'cancellation requested',
  'cancelled',
  'ended',
  'lost/stolen',
  'manual bought out',
  'paused',
  'pending activation',
  'pending buyout',
  'pending replacement',
  'pending return',
] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Inventory item (asset) statuses. */
export const ASSET_STATUSES = [
  'bought out',
  'broken',
  'in stock',
  'removed',
  'rented out',
  'stolen',
  'to repair',
] as const;
export const assetStatusSchema = z.enum(ASSET_STATUSES);
export type AssetStatus = z.infer<typeof assetStatusSchema>;

/** Invoice settlement (an invoice's payment status). */
export const INVOICE_SETTLEMENTS = ['failed', 'not settled', 'pending payment', 'settled'] as const;
export const invoiceSettlementSchema = z.enum(INVOICE_SETTLEMENTS);
export type InvoiceSettlement = z.infer<typeof invoiceSettlementSchema>;

/** A payment provider's status of a transaction. */
export const PROVIDER_TRANSACTION_STATUSES = [
  'authorization_expired',
  'authorized',
  'authorized_order',
  'chargeback',
  'failed',
  'failed_refund',
  'full_refund',
  'gateway_rejected',
  'partial_refund',
  'pending',
  'processor_declined',
  'received_partial_refund',
  'refund',
  'refunded',
  'settled',
  'submitted_for_settlement',
  'succeeded',
] as const;
export const providerTransactionStatusSchema = z.enum(PROVIDER_TRANSACTION_STATUSES);
export type ProviderTransactionStatus = z.infer<typeof providerTransactionStatusSchema>;

/** Invoice types, in the spec's order. */
export const INVOICE_TYPES = [
  'cancellation',
  'recurring payment',
  'buyout',
  'partial_refund',
  'delayed payment',
  'full_refund',
  'cumulated invoice',
  'replacement',
  'one time payment',
  'initial',
  'refund',
] as const;
export const invoiceTypeSchema = z.enum(INVOICE_TYPES);
export type InvoiceType = z.infer<typeof invoiceTypeSchema>;

export const BILLING_INTERVALS = ['annually', 'monthly', 'quarterly'] as const;
export const billingIntervalSchema = z.enum(BILLING_INTERVALS);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/** Default periodicity units. */
export const PERIODICITY_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export const periodicityUnitSchema = z.enum(PERIODICITY_UNITS);
export type PeriodicityUnit = z.infer<typeof periodicityUnitSchema>;

/** Subscription frequencies. */
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const frequencySchema = z.enum(FREQUENCIES);
export type Frequency = z.infer<typeof frequencySchema>;

/** Price or term modes of a subscription. */
export const PRICE_MODES = ['changeable', 'fixed', 'skipped'] as const;
export const priceModeSchema = z.enum(PRICE_MODES);
export type PriceMode = z.infer<typeof priceModeSchema>;

/** Email template languages (`gr` is the spec's code for Greek templates). */
export const TEMPLATE_LANGUAGES = ['de', 'en', 'gr', 'nl', 'no'] as const;
export const templateLanguageSchema = z.enum(TEMPLATE_LANGUAGES);
export type TemplateLanguage = z.infer<typeof templateLanguageSchema>;

/** Content languages offered, as the spec names them. */
export const CONTENT_LANGUAGES = [
  'Danish',
  'Dutch',
  'English',
  'French',
  'German',
  'Greek',
  'Italian',
  'Norwegian',
  'Slovenian',
  'Spanish',
  'Swedish',
] as const;
export const contentLanguageSchema = z.enum(CONTENT_LANGUAGES);
export type ContentLanguage = z.infer<typeof contentLanguageSchema>;

/** The ISO 639-1 code of each content language (a customer's `language`, see customers.ts). */
export const CONTENT_LANGUAGE_CODES = {
  Danish: 'da',
  Dutch: 'nl',
  English: 'en',
  French: 'fr',
  German: 'de',
  Greek: 'el',
  Italian: 'it',
  Norwegian: 'no',
  Slovenian: 'sl',
  Spanish: 'es',
  Swedish: 'sv',
} as const satisfies Record<ContentLanguage, string>;

/** Shop platforms and payment gateways (defined with the company, spec 01 §1). */
export const SHOP_PLATFORMS = SHOP_SYSTEMS;
export const shopPlatformSchema = z.enum(SHOP_PLATFORMS);
export type ShopPlatform = z.infer<typeof shopPlatformSchema>;

export const PAYMENT_GATEWAYS = PAYMENT_SYSTEMS;
export const paymentGatewaySchema = z.enum(PAYMENT_GATEWAYS);
export type PaymentGateway = z.infer<typeof paymentGatewaySchema>;

/** Currencies for formatting (defined with the company; see currencies.ts). */
export const currencySchema = z.enum(CURRENCIES);

/** Tracked-status date ranges, in days. */
export const TRACKED_STATUS_RANGES_DAYS = [30, 90, 180] as const;
export type TrackedStatusRange = (typeof TRACKED_STATUS_RANGES_DAYS)[number];
export const trackedStatusRangeSchema = z.literal(TRACKED_STATUS_RANGES_DAYS);

export const ORDER_STATUSES = ['cancelled', 'draft', 'fulfilled', 'open'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const ORDER_SUB_STATUSES = [
  'delivered',
  'delivery',
  'dunning-cancelled',
  'in clarification',
  'in dunning',
  'lost',
  'ordered at supplier',
  'picked up',
  'pick up',
  'replaced',
  'replacement',
  'test order',
] as const;
export const orderSubStatusSchema = z.enum(ORDER_SUB_STATUSES);
export type OrderSubStatus = z.infer<typeof orderSubStatusSchema>;

/**
 * The swap reasons staff pick from (the dialog adds "None", which is not sent). A unit "Damaged on
 * arrival" is still with the customer and broken; the others never arrived. When the replacement goes
 * out, the first is written off as broken, the others as stolen (product-tracking/replacement.ts).
 */
export const SWAP_REASONS = ['Not delivered', 'Lost in transit', 'Damaged on arrival', 'Other'] as const;
export const SWAP_DAMAGED_REASON: (typeof SWAP_REASONS)[number] = 'Damaged on arrival';
/**
 * Why a subscription waits for a replacement, which says what becomes of the unit it holds when the
 * replacement goes out: `missing` (an order's swap: it never arrived; written off as stolen), `damaged`
 * (a swap "Damaged on arrival": broken at the customer's), `faulty` (a replacement asked for on the
 * subscription itself: the customer's unit stopped working; it goes to repair).
 */
export const REPLACEMENT_KINDS = ['missing', 'damaged', 'faulty'] as const;
export type ReplacementKind = (typeof REPLACEMENT_KINDS)[number];

export const PRODUCT_TYPES = ['consumable', 'digital', 'normal'] as const;
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productTypeSchema>;
