/**
 * Every table, for drizzle-kit (migrations) and for code that needs the whole schema. Domains
 * import their own tables from their folder; this list is the one place that names them all.
 */
export { accountAddresses, verificationCodes } from '#server/accounts/accounts.tables.ts';
export {
  analyticsCustomerMonths,
  analyticsCustomers,
  analyticsOrderDays,
  analyticsProductChanges,
  analyticsProductDays,
  analyticsProductMonths,
  analyticsProductWindows,
  analyticsState,
  analyticsVariantWindows,
} from '#server/analytics/analytics.tables.ts';
export {
  auditLogDaily,
  auditLogHourly,
  auditLogHourlyActions,
  auditLogHourlyUsers,
  auditLogs,
} from '#server/audit/audit.table.ts';
export { authSessions } from '#server/auth/sessions.table.ts';
export { blogCategories, blogPosts, blogPostViews } from '#server/blog/blog.table.ts';
export { cartItems } from '#server/cart/cart-items.table.ts';
export { categories } from '#server/categories/categories.table.ts';
export { contactMessages } from '#server/contact/contact.table.ts';
export { customers } from '#server/customers/customers.table.ts';
export { messageOutbox } from '#server/messages/message-outbox.table.ts';
export { notifications } from '#server/notifications/notifications.table.ts';
export {
  orderItems,
  orderNumberSequence,
  orderRefunds,
  orderStatusHistory,
  orders,
} from '#server/orders/orders.table.ts';
export { shopPages } from '#server/pages/pages.table.ts';
export { productVariants } from '#server/products/product-variants.table.ts';
export { products } from '#server/products/products.table.ts';
export { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
export { reviews, reviewVotes } from '#server/reviews/reviews.table.ts';
export { adminIpAllowlist } from '#server/security/ip-allowlist.table.ts';
export { securityAlerts } from '#server/security/security-alerts.table.ts';
export { settings } from '#server/settings/settings.table.ts';
export { twoFactorBackupCodes } from '#server/two-factor/backup-codes.table.ts';
export { staffInvitations } from '#server/users/staff-invitations.table.ts';
export { staffKnownAddresses } from '#server/users/staff-known-addresses.table.ts';
export { users } from '#server/users/users.table.ts';
