import type { FastifyPluginAsync } from 'fastify';
import { requireStaff } from '#server/auth/authenticate.ts';
import { adminBlogRoutes } from '#server/blog/admin-blog.routes.ts';
import { categoryWriteRoutes } from '#server/categories/category-writes.routes.ts';
import { productWriteRoutes } from '#server/products/product-writes.routes.ts';
import { uploadRoutes } from '#server/uploads/uploads.routes.ts';

/**
 * The staff-only calls that live outside `/admin` (docs/product.md#who-may-call-what): the writes on `/products` and
 * `/categories`, `/upload/images`, and the blog's `/blogs/admin/**`. Like the admin scope (admin-scope.ts), the staff check runs
 * on onRequest, before the body is parsed; tests/api/admin-routes.test.ts walks the route table and
 * holds every non-GET `/products`, `/categories` and `/upload` route, and every `/blogs/admin`
 * route, to it.
 */
export const staffScope: FastifyPluginAsync = async (staff) => {
  // The address allowlist first, like the admin scope (security/staff-address-guard.ts).
  staff.addHook('onRequest', staff.staffAddresses.onRequest);
  staff.addHook('onRequest', requireStaff(staff));
  staff.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await staff.register(productWriteRoutes);
  await staff.register(categoryWriteRoutes);
  await staff.register(uploadRoutes);
  await staff.register(adminBlogRoutes);
};
