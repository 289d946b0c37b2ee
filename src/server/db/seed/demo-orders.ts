import { addDays } from '#shared/analytics-periods.ts';
import type { OrderStatus, PaymentStatus } from '#shared/contracts/orders.ts';
import type { SettingsValues } from '#shared/contracts/settings.ts';
import { type Cents, computeTotals, lineTotalCents, percentOfCents, sumCents, toCents } from '#shared/money.ts';
import { shopToday } from '#shared/promo-codes.ts';
import { seededRandom } from '#shared/seeded-random.ts';
import type { Governorate, PaymentMethod } from '#shared/shop-settings.ts';
import { zonedInputToIso } from '#shared/time-zone.ts';
import {
  FAR_CARRIERS,
  FIRST_NAMES,
  LAST_NAMES,
  NEAR_CARRIERS,
  NOTES,
  PLACES,
  REFUND_REASONS,
  STREETS,
} from './demo-order-data.ts';

/**
 * The demo shop's order history (docs/product.md#demo-data): six months of made-up orders, so a
 * new merchant opens Analytics on living charts. Data and a pure, deterministic generator (the
 * same catalogue and day give the same history); `seed-orders.ts` inserts the result, marked
 * `is_demo`, and the analytics roll-ups count it like any other order.
 *
 * What makes it believable: sales grow from about one order a day to four as the shop finds its
 * customers, Sundays are quiet, evenings busy; a product sells only once it is in the catalogue;
 * cheap parts sell by the handful and boards one at a time; a third of the orders come from
 * returning customers; most go to Beirut and Mount Lebanon; old orders are delivered (a few were
 * cancelled, a few refunded), the last days' are still on their way; some came in by phone
 * (admin orders), some with a promo code, some paid by transfer.
 */

/** How far back the history goes. */
export const DEMO_HISTORY_DAYS = 182;
/** The demo products are added over the history's first four months (seed.ts shifts their dates by this much). */
export const DEMO_CATALOGUE_AGE_OFFSET_DAYS = DEMO_HISTORY_DAYS - 120;
/**
 * The launch offer some demo orders used: 10 % off, from the history's first day until it ended
 * `endedDaysAgo` days before the install (so no shopper can still use it in the real shop).
 */
export const DEMO_PROMO = {
  code: 'LAUNCH10',
  description: 'Launch offer: 10% off everything',
  percent: 10,
  endedDaysAgo: 10,
} as const;
/** Demo shoppers' phones: +961 70 000 xxx, a block nobody is given, so a real checkout never lands on one. */
export const DEMO_PHONE_PREFIX = '+96170000';

export interface DemoOrderVariant {
  id: string;
  sku: string;
  options: Record<string, string>;
  priceCents: Cents;
  image: string | null;
}

export interface DemoOrderProduct {
  id: string;
  name: string;
  image: string | null;
  /** Days before `now` the product was added (an order is only ever for a product that existed). */
  addedDaysAgo: number;
  /** Shared-stock choices (the shopper picks one option of each). */
  variations: readonly { name: string; options: readonly string[] }[];
  /** Its variants on sale (at least one). */
  variants: readonly DemoOrderVariant[];
}

export interface DemoCustomer {
  name: string;
  /** E.164. */
  phone: string;
  email: string | null;
}

export interface DemoOrderLine {
  productId: string;
  variantId: string;
  productName: string;
  sku: string;
  image: string | null;
  unitPriceCents: Cents;
  quantity: number;
  selectedVariations: Record<string, string>;
}

export interface DemoOrderEvent {
  from: OrderStatus | null;
  to: OrderStatus;
  at: Date;
}

export interface DemoOrder {
  placedAt: Date;
  /** Index into the history's `customers`. */
  customer: number;
  source: 'checkout' | 'admin';
  paymentMethod: PaymentMethod;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  address: { governorate: Governorate; city: string; street: string; building: string };
  notes: string | null;
  promo: boolean;
  lines: DemoOrderLine[];
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
  /** The status changes, the first (null → pending) at placement. */
  events: DemoOrderEvent[];
  deliveredAt: Date | null;
  carrier: string | null;
  refund: { amount: number; at: Date; reason: string } | null;
  /** When the order last changed. */
  updatedAt: Date;
}

export interface DemoOrderHistory {
  /** The launch offer's first and last day (shop dates). */
  promo: { startDate: string; endDate: string };
  customers: DemoCustomer[];
  /** Oldest first. */
  orders: DemoOrder[];
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function pickWeighted<T>(random: () => number, items: readonly T[], weightOf: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let point = random() * total;
  for (const item of items) {
    point -= weightOf(item);
    if (point < 0) return item;
  }
  return items[items.length - 1] as T;
}

/** A Poisson-distributed count with mean `mean` (Knuth's method; the means here are small). */
function poisson(random: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random();
  while (product > limit) {
    count += 1;
    product *= random();
  }
  return count;
}

/** The demo's shoppers: distinct names and phones in the demo block, two in three with an email on a reserved domain. */
export function demoCustomers(count: number): DemoCustomer[] {
  const random = seededRandom(0x5eed_c057);
  return Array.from({ length: count }, (_, index) => {
    const first = FIRST_NAMES[index % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(index * 7 + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length] as string;
    const email = random() < 0.66 ? `${first}.${last}${index + 1}@example.com`.toLowerCase() : null;
    return { name: `${first} ${last}`, phone: `${DEMO_PHONE_PREFIX}${String(index + 1).padStart(3, '0')}`, email };
  });
}

/** How many orders a day `age` days ago expects: growing over the history, quiet on Sundays, busier on Saturdays. */
function expectedOrders(age: number, weekday: number): number {
  const growth = 1.2 + 3.4 * (1 - age / DEMO_HISTORY_DAYS);
  const week = weekday === 0 ? 0.55 : weekday === 6 ? 1.15 : 1;
  return growth * week;
}

/** How popular a product is: cheap parts sell often; each product gets a fixed lean of its own. */
function popularity(product: DemoOrderProduct, index: number): number {
  const price = (product.variants[0]?.priceCents ?? 0) / 100;
  const lean = 0.4 + ((index * 2654435761) % 1000) / 1000;
  return lean / (1 + price / 25);
}

/** What became of an order placed `hoursAgo` hours ago, before delivery times are checked. */
function fateOf(random: () => number, hoursAgo: number): OrderStatus {
  const roll = random();
  if (hoursAgo < 3) return 'pending';
  if (hoursAgo < 24) return roll < 0.35 ? 'pending' : 'confirmed';
  if (hoursAgo < 48)
    return roll < 0.25 ? 'confirmed' : roll < 0.4 ? 'processing' : roll < 0.9 ? 'shipped' : 'cancelled';
  if (hoursAgo < 120) return roll < 0.3 ? 'shipped' : roll < 0.92 ? 'delivered' : 'cancelled';
  return roll < 0.91 ? 'delivered' : 'cancelled';
}

function lineFor(random: () => number, product: DemoOrderProduct): DemoOrderLine {
  const variant = pick(random, product.variants);
  const choices = Object.fromEntries(
    product.variations.map((variation) => [variation.name, pick(random, variation.options)]),
  );
  const priceDollars = variant.priceCents / 100;
  // Resistors and jumper wires go by the handful, boards one at a time.
  const quantity =
    priceDollars < 5 ? 1 + Math.floor(random() * 5) : priceDollars < 20 ? 1 + Math.floor(random() * 2) : 1;
  return {
    productId: product.id,
    variantId: variant.id,
    productName: product.name,
    sku: variant.sku,
    image: variant.image ?? product.image,
    unitPriceCents: variant.priceCents,
    quantity,
    selectedVariations: { ...choices, ...variant.options },
  };
}

/**
 * Six months of orders up to `now` over `products`, priced with the shop's settings (tax, delivery
 * rates, payment labels are the caller's to store) and dated in `timeZone`.
 */
export function demoOrderHistory(
  products: readonly DemoOrderProduct[],
  settings: Pick<SettingsValues, 'tax' | 'shipping'>,
  now: Date,
  timeZone: string,
): DemoOrderHistory {
  const random = seededRandom(0xcedab0b5);
  const customers = demoCustomers(400);
  const addressOf = new Map<number, DemoOrder['address']>();
  let newcomers = 0;
  const orders: DemoOrder[] = [];
  const today = shopToday(now, timeZone);
  const sellable = products.filter((product) => product.variants.length > 0);
  const weightOf = new Map(sellable.map((product, index) => [product, popularity(product, index)]));

  for (let age = DEMO_HISTORY_DAYS - 1; age >= 0; age -= 1) {
    const day = addDays(today, -age);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const onSale = sellable.filter((product) => product.addedDaysAgo >= age);
    if (onSale.length === 0) continue;
    const count = poisson(random, expectedOrders(age, weekday));
    // The day's noon in the shop's zone, converted once: Beirut changes its clocks at midnight, so
    // 9:00 to 23:00 share noon's offset.
    const noon = Date.parse(zonedInputToIso(`${day}T12:00`, timeZone) ?? `${day}T12:00:00Z`);
    const times: Date[] = [];
    for (let n = 0; n < count; n += 1) {
      // 9:00 to 23:00, leaning to the evening.
      const minute = 9 * 60 + Math.floor(random() ** 0.7 * 14 * 60);
      times.push(new Date(noon + (minute - 12 * 60) * 60 * 1000));
    }
    times.sort((a, b) => a.getTime() - b.getTime());
    for (const placedAt of times) {
      // Nothing from the last ten minutes: "now" is when the shop was set up.
      if (placedAt.getTime() > now.getTime() - 10 * 60 * 1000) continue;
      const returning = newcomers > 0 && (random() < 0.33 || newcomers >= customers.length);
      const customer = returning ? Math.floor(random() * newcomers) : newcomers++;
      let address = addressOf.get(customer);
      if (!address) {
        const place = pickWeighted(random, PLACES, (entry) => entry.weight);
        address = {
          governorate: place.governorate,
          city: pick(random, place.cities),
          street: pick(random, STREETS),
          building: `Building ${1 + Math.floor(random() * 40)}`,
        };
        addressOf.set(customer, address);
      }
      const lineCount = 1 + Math.floor(random() ** 2 * 3);
      const lines: DemoOrderLine[] = [];
      for (let n = 0; n < lineCount; n += 1) {
        const product = pickWeighted(random, onSale, (entry) => weightOf.get(entry) ?? 0);
        if (!lines.some((line) => line.productId === product.id)) lines.push(lineFor(random, product));
      }
      const promoOn = age >= DEMO_PROMO.endedDaysAgo;
      orders.push(
        buildOrder(random, { placedAt, customer, address, lines, now, settings, near: address.governorate, promoOn }),
      );
    }
  }
  return {
    promo: { startDate: addDays(today, -(DEMO_HISTORY_DAYS - 1)), endDate: addDays(today, -DEMO_PROMO.endedDaysAgo) },
    customers: customers.slice(0, newcomers),
    orders,
  };
}

function buildOrder(
  random: () => number,
  input: {
    placedAt: Date;
    customer: number;
    address: DemoOrder['address'];
    lines: DemoOrderLine[];
    now: Date;
    settings: Pick<SettingsValues, 'tax' | 'shipping'>;
    near: Governorate;
    promoOn: boolean;
  },
): DemoOrder {
  const { placedAt, now, settings } = input;
  const at = (hoursAfter: number) => new Date(placedAt.getTime() + hoursAfter * HOUR_MS);
  const source = random() < 0.15 ? 'admin' : 'checkout';
  const methodRoll = random();
  const paymentMethod: PaymentMethod =
    methodRoll < 0.72 ? 'cash_on_delivery' : methodRoll < 0.9 ? 'money_transfer' : 'bank_transfer';
  const promo = source === 'checkout' && random() < 0.12 && input.promoOn;
  const notes = random() < 0.1 ? pick(random, NOTES) : null;

  const subtotalCents = sumCents(input.lines.map((line) => lineTotalCents(line.unitPriceCents, line.quantity)));
  const discountCents = promo ? percentOfCents(subtotalCents, DEMO_PROMO.percent) : 0;
  const zone = settings.shipping.zones[input.address.governorate];
  const threshold = settings.shipping.free_delivery_threshold;
  const goodsCents = subtotalCents - discountCents;
  const freeDelivery = threshold !== null && goodsCents >= toCents(threshold);
  const totals = computeTotals(subtotalCents, discountCents, {
    taxRatePercent: settings.tax.rate,
    pricesIncludeTax: settings.tax.prices_include_tax,
    shippingCents: freeDelivery ? 0 : toCents(zone.rate),
  });

  // Status and its steps. Town couriers take a day or two, the rest of the country up to four.
  const near = input.near === 'beirut' || input.near === 'mount_lebanon';
  const hoursAgo = (now.getTime() - placedAt.getTime()) / HOUR_MS;
  let status = fateOf(random, hoursAgo);
  const confirmedAfter = 1 + random() * 4;
  const shippedAfter = 18 + random() * 12;
  const deliveredAfter = shippedAfter + (near ? 6 + random() * 24 : 24 + random() * 60);
  if (status === 'delivered' && at(deliveredAfter).getTime() > now.getTime()) status = 'shipped';
  const steps: { to: OrderStatus; after: number }[] = [];
  const step = (to: OrderStatus, hoursAfter: number) => steps.push({ to, after: hoursAfter });
  if (status === 'cancelled') {
    // Cancelled before it left: sometimes after a confirmation call.
    if (random() < 0.5) step('confirmed', confirmedAfter);
    step('cancelled', confirmedAfter + 1 + random() * 10);
  } else if (status !== 'pending') {
    step('confirmed', confirmedAfter);
    if (status === 'processing' || (status !== 'confirmed' && random() < 0.3)) {
      step('processing', confirmedAfter + 2 + random() * 6);
    }
    if (status === 'shipped' || status === 'delivered') step('shipped', shippedAfter);
    if (status === 'delivered') step('delivered', deliveredAfter);
  }
  // A recent order's steps are squeezed into the hours it has had (none lies in the future).
  const lastStep = Math.max(0, ...steps.map((entry) => entry.after));
  const squeeze = lastStep > hoursAgo - 0.25 ? (hoursAgo - 0.25) / lastStep : 1;
  const events: DemoOrderEvent[] = [{ from: null, to: 'pending', at: placedAt }];
  for (const entry of steps) {
    events.push({ from: events[events.length - 1]?.to ?? null, to: entry.to, at: at(entry.after * squeeze) });
  }
  const deliveredAt = status === 'delivered' ? (events[events.length - 1]?.at ?? null) : null;

  // Paid: a transfer once confirmed, cash on delivery.
  const transfer = paymentMethod !== 'cash_on_delivery';
  const paid = status === 'delivered' || (transfer && status !== 'pending' && status !== 'cancelled');
  let paymentStatus: PaymentStatus = paid ? 'paid' : 'pending';
  let refund: DemoOrder['refund'] = null;
  if (deliveredAt && random() < 0.045) {
    const refundAt = new Date(deliveredAt.getTime() + (2 + random() * 4) * DAY_MS);
    if (refundAt.getTime() < now.getTime()) {
      // Mostly one item sent back (its price), sometimes the whole order.
      const first = input.lines[0];
      const oneItem = input.lines.length > 1 || (first?.quantity ?? 0) > 1;
      const amount =
        oneItem && random() < 0.7 ? Math.min(totals.total, (first?.unitPriceCents ?? 0) / 100) : totals.total;
      refund = { amount, at: refundAt, reason: pick(random, REFUND_REASONS) };
      paymentStatus = amount >= totals.total ? 'refunded' : 'partially_refunded';
    }
  }
  const shipped = status === 'shipped' || status === 'delivered';
  const lastEvent = events[events.length - 1]?.at ?? placedAt;
  return {
    placedAt,
    customer: input.customer,
    source,
    paymentMethod,
    status,
    paymentStatus,
    address: input.address,
    notes,
    promo,
    lines: input.lines,
    ...totals,
    events,
    deliveredAt,
    carrier: shipped ? pick(random, near ? NEAR_CARRIERS : FAR_CARRIERS) : null,
    refund,
    updatedAt: refund && refund.at > lastEvent ? refund.at : lastEvent,
  };
}
