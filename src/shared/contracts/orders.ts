import { z } from 'zod';
import { PHONE_MESSAGE } from '../phone.ts';
import { DISCOUNT_TYPES, PROMO_APPLIES_TO } from '../promo-codes.ts';
import { GOVERNORATES, PAYMENT_METHODS, type PaymentMethod } from '../shop-settings.ts';
import { PhoneSchema } from './common.ts';
import { safeText } from './text.ts';

/**
 * Orders (docs/product.md#order-endpoints): the shopper's checkout and the confirmation page. Field
 * names follow the API's style (snake_case, docs/product.md#paths-and-names; `selectedVariations`
 * as in the cart item). These shapes are stable: the web app, the admin panel and the tests all
 * build on them.
 */

export { PHONE_MESSAGE };

/**
 * docs/product.md#money-and-totals: the defaults (tax 11 % of the subtotal added on top, delivery
 * 0); the shop's tax and shipping settings decide each order's figures.
 */
export const TAX_RATE = 0.11;
export const SHIPPING_FEE = 0;
/**
 * The most of one line (docs/product.md#limits-and-constants "Cart fallback max quantity") and the
 * most lines in one order.
 */
export const ORDER_LINE_MAX_QUANTITY = 100;
export const ORDER_MAX_LINES = 50;

export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** The payment methods (shop-settings.ts); checkout takes only those the shop has turned on. */
export { PAYMENT_METHODS, type PaymentMethod };
export const PAYMENT_METHOD_MESSAGE = 'Choose a payment method';
/** A method the shop has not turned on (400 on `payment_method`). */
export const paymentMethodOffMessage = (label: string) => `${label} is not available: choose another payment method`;

/** The delivery zone: one of Lebanon's governorates (shop-settings.ts). */
export const GOVERNORATE_MESSAGE = 'Choose your governorate';
export const GovernorateSchema = z.enum(GOVERNORATES, { error: GOVERNORATE_MESSAGE });
/** POST /orders while the shop has guest checkout off and no shopper is signed in (401). */
export const GUEST_CHECKOUT_OFF_MESSAGE = 'Sign in or create an account to place an order';

/** Optional text: trimmed, and an empty field counts as not given (forms send ''). */
const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    safeText().max(max, `${label} must be at most ${max} characters`).optional(),
  );
const requiredText = (min: number, max: number, label: string) =>
  safeText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

export const SelectedVariationsSchema = z
  .record(safeText().min(1).max(40), safeText().min(1).max(60))
  .refine((value) => Object.keys(value).length <= 10, 'Too many variations');

/** One cart line as the client sends it: never a price (the server prices from the database). */
export const OrderLineInputSchema = z
  .object({
    product_id: z.uuid('Unknown product'),
    quantity: z
      .number({ error: 'Quantity must be a whole number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(ORDER_LINE_MAX_QUANTITY, `Cannot exceed maximum quantity of ${ORDER_LINE_MAX_QUANTITY}`),
    selectedVariations: SelectedVariationsSchema.optional(),
    /**
     * The variant bought (decision 012). Without it: the product's active default variant, else
     * the active variant whose options equal `selectedVariations` (carts stored before variants existed).
     */
    variant_id: z.uuid('Unknown option').optional(),
  })
  .strict();
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

const OrderLinesSchema = z
  .array(OrderLineInputSchema)
  .min(1, 'Your cart is empty')
  .max(ORDER_MAX_LINES, `An order can have at most ${ORDER_MAX_LINES} lines`);

const PromoCodeSchema = optionalText(50, 'Promo code');

/**
 * `governorate`: the delivery zone to price (the checkout's chosen governorate); without one the
 * quote has no delivery cost (`delivery` null).
 */
export const CalculateOrderRequestSchema = z
  .object({ items: OrderLinesSchema, promo_code: PromoCodeSchema, governorate: GovernorateSchema.optional() })
  .strict();
export type CalculateOrderRequest = z.infer<typeof CalculateOrderRequestSchema>;

export const CustomerInputSchema = z
  .object({
    name: requiredText(2, 100, 'Name'),
    phone: PhoneSchema,
    email: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      safeText().max(254).pipe(z.email('Enter a valid email address')).optional(),
    ),
  })
  .strict();

export const ShippingAddressInputSchema = z
  .object({
    city: requiredText(2, 100, 'City or area'),
    street: requiredText(2, 200, 'Street'),
    building: optionalText(100, 'Building'),
    floor: optionalText(20, 'Floor'),
    notes: optionalText(500, 'Delivery notes'),
    /** The delivery zone; required at checkout (CheckoutDetailsSchema), optional elsewhere. */
    governorate: GovernorateSchema.optional(),
  })
  .strict();

/**
 * An order's details with the zone optional: what staff enter for a phone or counter sale
 * (`POST /admin/orders`; no zone, no delivery cost).
 */
export const OrderDetailsSchema = z
  .object({
    customer: CustomerInputSchema,
    shipping_address: ShippingAddressInputSchema,
    payment_method: z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_MESSAGE }).default('cash_on_delivery'),
    notes: optionalText(1000, 'Order notes'),
  })
  .strict();
export type OrderDetailsInput = z.input<typeof OrderDetailsSchema>;

/** Everything the checkout form collects (the governorate is required); the server's body adds the cart lines. */
export const CheckoutDetailsSchema = OrderDetailsSchema.extend({
  shipping_address: ShippingAddressInputSchema.extend({ governorate: GovernorateSchema }).strict(),
}).strict();
export type CheckoutDetailsInput = z.input<typeof CheckoutDetailsSchema>;
export type CheckoutDetails = z.output<typeof CheckoutDetailsSchema>;

/** `POST /orders`: the storefront's checkout. */
export const CreateOrderRequestSchema = CheckoutDetailsSchema.extend({
  items: OrderLinesSchema,
  promo_code: PromoCodeSchema,
}).strict();

/** `POST /admin/orders`: the same with the zone optional. */
export const StaffOrderRequestSchema = OrderDetailsSchema.extend({
  items: OrderLinesSchema,
  promo_code: PromoCodeSchema,
}).strict();
/** What placeOrder takes (either body). */
export type CreateOrderRequest = z.output<typeof StaffOrderRequestSchema>;

/** Sent by the client once per checkout attempt; a repeat returns the same order. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const CreateOrderHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: safeText()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters')
    .regex(/^[\w.:-]+$/, 'Idempotency-Key may hold letters, digits and - _ . : only')
    .optional(),
});

/**
 * A line's variant went away after it was put in the cart (docs/product.md#cart-messages and
 * the order messages). Written in product-variants.ts, which has no zod: the storefront's cart
 * rules use them without loading the contracts.
 */
export {
  VARIANT_GONE_MESSAGE,
  VARIANT_OUT_OF_STOCK_MESSAGE,
  VARIANT_UNAVAILABLE_MESSAGE,
} from '../product-variants.ts';

/** Why a line cannot be bought as asked. */
export const LINE_PROBLEMS = [
  'not_found',
  'unavailable',
  'out_of_stock',
  'insufficient_stock',
  'invalid_variation',
  /** More than the product's max_per_order (all lines of that product together). */
  'over_limit',
] as const;
export type LineProblem = (typeof LINE_PROBLEMS)[number];

export const OrderTotalsSchema = z.object({
  subtotal: z.number(),
  tax: z.number(),
  shipping: z.number(),
  discount: z.number(),
  total: z.number(),
});
export type OrderTotals = z.infer<typeof OrderTotalsSchema>;

/** A line priced from the database, in the order the request listed them. */
export const CalculatedLineSchema = z.object({
  product_id: z.string(),
  /** The variant priced (null when the product or the variant is gone). */
  variant_id: z.string().nullable(),
  /** The variant's SKU (null when gone). */
  sku: z.string().nullable(),
  name: z.string(),
  slug: z.string().nullable(),
  image: z.string().nullable(),
  unit_price: z.number(),
  quantity: z.number().int(),
  selectedVariations: z.record(z.string(), z.string()),
  line_total: z.number(),
  /** False when the line cannot be bought as asked; `reason` and `message` say why. */
  available: z.boolean(),
  reason: z.enum(LINE_PROBLEMS).optional(),
  message: z.string().optional(),
  /** What is in stock now (0 for a product that is gone); the fix for too many is this number. */
  stock_quantity: z.number().int(),
  /** The most of this product one order may hold (0 for a product that is gone); see over_limit. */
  max_per_order: z.number().int(),
});
export type CalculatedLine = z.infer<typeof CalculatedLineSchema>;

/**
 * What a promo code takes off this cart (docs/product.md#promo-codes): `POST /promo-codes/validate`
 * answers it, and an order calculation carries it as `promo`.
 */
export const AppliedPromoSchema = z.object({
  code: z.string(),
  discount_type: z.enum(DISCOUNT_TYPES),
  /** Percent for `percentage`, dollars for `fixed`. */
  discount_value: z.number(),
  /** Dollars off this cart (the order's `discount`). */
  discount_amount: z.number(),
  applies_to: z.enum(PROMO_APPLIES_TO),
});
export type AppliedPromo = z.infer<typeof AppliedPromoSchema>;

/**
 * Totals count only the available lines; `unavailable` lists the indexes of the others. With a
 * `promo_code`: `promo` is what it takes off (the `discount`), or null with `promo_error` saying why
 * it was refused (the totals are then without it).
 */
/** The delivery an order is priced with: its zone, that zone's rate and days, and whether it was free. */
export const OrderDeliverySchema = z.object({
  zone: GovernorateSchema,
  name: z.string(),
  /** The zone's rate (the order's `shipping` is 0 when `free`). */
  rate: z.number(),
  delivery_days_min: z.number().int(),
  delivery_days_max: z.number().int(),
  /** The goods (subtotal − discount) reached the shop's free-delivery threshold. */
  free: z.boolean(),
});
export type OrderDelivery = z.infer<typeof OrderDeliverySchema>;

export const OrderCalculationSchema = OrderTotalsSchema.extend({
  /** The zone priced (null without `governorate`: no delivery cost yet). */
  delivery: OrderDeliverySchema.nullable(),
  /** What the shop calls its tax ("VAT") and whether `tax` is included in the prices or added on top. */
  tax_label: z.string(),
  /** The tax rate in percent (11). */
  tax_rate: z.number(),
  prices_include_tax: z.boolean(),
  items: z.array(CalculatedLineSchema),
  unavailable: z.array(z.number().int()),
  promo: AppliedPromoSchema.nullable(),
  promo_error: z.string().nullable(),
});
export type OrderCalculation = z.infer<typeof OrderCalculationSchema>;

export const OrderItemSchema = z.object({
  product_id: z.string().nullable(),
  /** The variant sold; null for a line whose product was deleted. */
  variant_id: z.string().nullable(),
  name: z.string(),
  sku: z.string().nullable(),
  image: z.string().nullable(),
  unit_price: z.number(),
  quantity: z.number().int(),
  selectedVariations: z.record(z.string(), z.string()),
  line_total: z.number(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = OrderTotalsSchema.extend({
  id: z.uuid(),
  order_number: z.string(),
  /** Goes in the confirmation link: GET /orders/{id}?token= reads the order with it. */
  access_token: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
  shipping_address: z.object({
    city: z.string(),
    street: z.string(),
    building: z.string().optional(),
    floor: z.string().optional(),
    notes: z.string().optional(),
    /** The delivery zone (orders placed before zones existed, and counter sales, have none). */
    governorate: GovernorateSchema.optional(),
  }),
  notes: z.string().nullable(),
  /** The code used, as it was when the order was placed (the order keeps this snapshot). */
  promo_code: z.string().nullable(),
  promo_discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  promo_discount_value: z.number().nullable(),
  /**
   * What the shopper was told at placement, kept so a later settings change never rewrites the
   * order (src/shared/shop-settings.ts): the tax's name, rate (percent) and whether the prices held
   * it, the shop's VAT number ('' when it had none), and the payment method's name and
   * instructions. Null on orders placed before they were kept: those are shown with the shop's
   * current settings.
   */
  tax_label: z.string().nullable(),
  tax_rate: z.number().nullable(),
  prices_include_tax: z.boolean().nullable(),
  tax_number: z.string().nullable(),
  payment_label: z.string().nullable(),
  payment_instructions: z.string().nullable(),
  /** How the parcel travels, once shipped with a carrier (docs/product.md#tracking); null before. */
  shipment: z
    .object({ carrier: z.string(), tracking_number: z.string().nullable(), tracking_url: z.string().nullable() })
    .nullable(),
  /**
   * When the parcel went out for delivery (docs/product.md#out-for-delivery): a step of a shipped
   * order, not a status (the order stays `shipped` until delivered); null before, and for an order
   * delivered without that step.
   */
  out_for_delivery_at: z.iso.datetime({ offset: true }).nullable(),
  items: z.array(OrderItemSchema),
  created_at: z.iso.datetime({ offset: true }),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderParamsSchema = z.object({ id: z.uuid('Order not found') });
export const OrderAccessQuerySchema = z.object({ token: safeText().min(16).max(100) });
