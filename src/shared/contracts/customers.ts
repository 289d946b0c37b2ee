import { z } from 'zod';
import { CustomerAccountSchema } from './accounts.ts';
import { PageQuerySchema, PhoneSchema, SortOrderSchema } from './common.ts';
import { GovernorateSchema, ShippingAddressInputSchema } from './orders.ts';
import { safeText } from './text.ts';

/**
 * Customers (docs/product.md#admin-endpoints). Every checkout links its order to a customer found by the
 * normalised phone (then the email) or created for it, so a shopper who orders twice is one
 * customer. Counts and totals are computed from the orders, never stored twice.
 */

export const CustomerAddressSchema = z.object({
  city: z.string(),
  street: z.string(),
  building: z.string().optional(),
  floor: z.string().optional(),
  notes: z.string().optional(),
});

export const CustomerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** E.164; null once anonymised. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The last delivery address (from the latest order, or set by an admin). */
  address: CustomerAddressSchema.nullable(),
  notes: z.string().nullable(),
  orders_count: z.number().int(),
  /** Totals of orders that were not cancelled, minus refunds. */
  total_spent: z.number(),
  last_order_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  /** The shopper account linked to this customer (`users.customer_id`), or null for a guest. */
  account: CustomerAccountSchema.nullable(),
  /** A shopper of the demo's order history (docs/product.md#demo-data): "Remove demo data" deletes them. */
  is_demo: z.boolean().optional(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CUSTOMER_SORT_FIELDS = ['name', 'orders_count', 'total_spent', 'last_order_at', 'created_at'] as const;

export const CustomersQuerySchema = PageQuerySchema.extend({
  /** Name, phone (any typed form) or email. */
  search: safeText().trim().max(100).optional(),
  sort_by: z.enum(CUSTOMER_SORT_FIELDS).default('last_order_at'),
  sort_order: SortOrderSchema.default('desc'),
  /** `true`: only customers with a shopper account; `false`: only guests. */
  has_account: z.enum(['true', 'false']).optional(),
});
export type CustomersQuery = z.infer<typeof CustomersQuerySchema>;

/**
 * `GET /admin/customers/lookup?q=` (docs/product.md#admin-endpoints): the people a staff member
 * may be taking an order for, found as they type a phone number (any Lebanese form) or a name.
 * Customer records and shopper accounts not linked to one (role `customer`), at most
 * CUSTOMER_LOOKUP_LIMIT, exact phone matches first. Shared by the New order form (and quotations).
 */
export const CUSTOMER_LOOKUP_LIMIT = 8;
export const CUSTOMER_LOOKUP_MAX_LENGTH = 100;
export const CUSTOMER_LOOKUP_TOO_LONG = `Search must be at most ${CUSTOMER_LOOKUP_MAX_LENGTH} characters`;

export const CustomerLookupQuerySchema = z.object({
  /** A phone number in any typed form (or 3+ of its digits), or part of a name. */
  q: safeText({ error: 'Type a phone number or a name' })
    .trim()
    .min(1, 'Type a phone number or a name')
    .max(CUSTOMER_LOOKUP_MAX_LENGTH, CUSTOMER_LOOKUP_TOO_LONG),
});
export type CustomerLookupQuery = z.infer<typeof CustomerLookupQuerySchema>;

export const CustomerMatchSchema = z.object({
  /** The customer record's id, or the shopper account's (user) id when it has no customer record. */
  id: z.uuid(),
  /** The customer record (orders link to it by phone); null for an account that never ordered. */
  customer_id: z.uuid().nullable(),
  /** The linked shopper account, or null for a guest. */
  user_id: z.uuid().nullable(),
  name: z.string(),
  /** E.164, or null for an account known by its email only. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The last delivery address, else the account's default address; with its delivery zone when it has one. */
  address: CustomerAddressSchema.extend({ governorate: GovernorateSchema.optional() }).nullable(),
  orders_count: z.number().int(),
});
export type CustomerMatch = z.infer<typeof CustomerMatchSchema>;

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : value),
    safeText().max(max, `${label} must be at most ${max} characters`).nullable().optional(),
  );

const CustomerFieldsSchema = z.object({
  name: safeText({ error: 'Name is required' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
  phone: PhoneSchema,
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || null : value),
    safeText().max(254).pipe(z.email('Enter a valid email address')).nullable().optional(),
  ),
  address: ShippingAddressInputSchema.nullable().optional(),
  notes: optionalText(2000, 'Notes'),
});

export const CustomerCreateSchema = CustomerFieldsSchema.strict();
export type CustomerCreate = z.infer<typeof CustomerCreateSchema>;
export type CustomerCreateInput = z.input<typeof CustomerCreateSchema>;

export const CustomerUpdateSchema = CustomerFieldsSchema.partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to change' });
export type CustomerUpdate = z.infer<typeof CustomerUpdateSchema>;

export const CUSTOMER_PHONE_TAKEN_MESSAGE = 'A customer with this phone number already exists';

/** What DELETE did: a customer with orders is anonymised (the orders keep their lines and totals). */
export const CUSTOMER_ANONYMISED_MESSAGE = 'This customer has orders, so their details were anonymised instead';
/** Orders still on their way need the contact details: finish or cancel them first. */
export const CUSTOMER_HAS_OPEN_ORDERS_MESSAGE =
  'This customer has orders still in progress; deliver or cancel them before deleting the customer';
/** An anonymised record stays anonymous (checkout finds customers by phone). */
export const CUSTOMER_ANONYMISED_LOCKED_MESSAGE = 'This customer was deleted and can no longer be edited';
export const CustomerDeletedSchema = z.object({ anonymised: z.literal(true), message: z.string() });

/**
 * `PUT /admin/customers/{id}/account` (docs/product.md#accounts-in-the-admin): disabling ends every
 * session of the account at once; enabling lets it sign in again.
 */
export const CustomerAccountStatusRequestSchema = z.object({ is_active: z.boolean() }).strict();
export type CustomerAccountStatusRequest = z.infer<typeof CustomerAccountStatusRequestSchema>;

export const CUSTOMER_NO_ACCOUNT_MESSAGE = 'This customer has no account';

export const CustomerIdParamsSchema = z.object({ id: z.uuid('Customer not found') });
