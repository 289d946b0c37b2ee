import type { FastifyPluginAsync } from 'fastify';
import { adminAccountVerificationRoutes } from '#server/accounts/admin-account-verification.routes.ts';
import { adminAnalyticsRoutes } from '#server/analytics/analytics.routes.ts';
import { adminAuditRoutes } from '#server/audit/audit.routes.ts';
import { requireStaff } from '#server/auth/authenticate.ts';
import { staffTwoFactorRoutes } from '#server/auth/staff-two-factor.routes.ts';
import { adminBackupRoutes } from '#server/backups/backups.routes.ts';
import { adminCategoryRoutes } from '#server/categories/admin-categories.routes.ts';
import { customerAccountRoutes } from '#server/customers/customer-account.routes.ts';
import { customerRoutes } from '#server/customers/customers.routes.ts';
import { adminDemoDataRoutes } from '#server/demo/demo-data.routes.ts';
import { adminOrderMessageRoutes } from '#server/messages/admin-order-messages.routes.ts';
import { notificationRoutes } from '#server/notifications/notifications.routes.ts';
import { adminOrderRoutes } from '#server/orders/admin-orders.routes.ts';
import { adminShopPageRoutes } from '#server/pages/admin-pages.routes.ts';
import { adminProductRoutes } from '#server/products/admin-products.routes.ts';
import { adminPromoCodeRoutes } from '#server/promo-codes/admin-promo-codes.routes.ts';
import { adminReportRoutes } from '#server/reports/reports.routes.ts';
import { adminReviewRoutes } from '#server/reviews/admin-reviews.routes.ts';
import { securityRoutes } from '#server/security/security.routes.ts';
import { adminSettingsRoutes } from '#server/settings/admin-settings.routes.ts';
import { adminStatsRoutes } from './admin-stats.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';

/**
 * Every `/api/admin/**` route lives in this one encapsulated scope (registered at `/admin` inside
 * `/api`, only with FEATURE_ADMIN_PANEL). Its onRequest hook runs before body parsing and
 * validation, so an anonymous caller gets 401 (a customer 403) and never learns a route's body
 * rules; tests/api/admin-routes.test.ts walks the route table to prove it. Before that, the
 * address allowlist refuses addresses not on it (security/staff-address-guard.ts). New admin
 * domains register their routes here.
 */
export const adminScope: FastifyPluginAsync = async (admin) => {
  admin.addHook('onRequest', admin.staffAddresses.onRequest);
  admin.addHook('onRequest', requireStaff(admin));
  // Staff data must never sit in a shared cache.
  admin.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await admin.register(adminStatsRoutes);
  await admin.register(adminUsersRoutes);
  await admin.register(adminProductRoutes);
  await admin.register(adminCategoryRoutes);
  await admin.register(adminOrderRoutes);
  await admin.register(adminOrderMessageRoutes);
  await admin.register(customerRoutes);
  await admin.register(adminAccountVerificationRoutes);
  await admin.register(customerAccountRoutes);
  await admin.register(notificationRoutes);
  await admin.register(adminPromoCodeRoutes);
  await admin.register(adminReviewRoutes);
  await admin.register(adminShopPageRoutes);
  await admin.register(adminSettingsRoutes);
  await admin.register(adminBackupRoutes);
  await admin.register(adminDemoDataRoutes);
  await admin.register(staffTwoFactorRoutes);
  await admin.register(securityRoutes);
  await admin.register(adminAuditRoutes);
  await admin.register(adminAnalyticsRoutes);
  await admin.register(adminReportRoutes);
};
