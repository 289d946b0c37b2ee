import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerOf } from '#server/auth/authenticate.ts';
import { verifyAccessToken } from '#server/auth/tokens.ts';
import { AppError } from '#server/errors.ts';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '#server/plugins/maintenance-page.ts';

/**
 * Maintenance mode (docs/product.md#where-settings-take-effect, settings: system): while it is on, the
 * storefront's pages answer the maintenance page with 503 and a Retry-After (crawlers keep the
 * pages they indexed), and the storefront's API calls answer 503 MAINTENANCE. Staff keep working:
 * the admin panel, the hidden sign-in page, /api/admin, /api/auth, health, the public settings
 * (what the page itself reads) and any call carrying a staff token.
 */

export const MAINTENANCE_MESSAGE = 'The shop is closed for maintenance. Please come back soon.';

/** API paths that keep answering during maintenance without a staff token. */
const OPEN_API_PATHS = /^\/api\/(?:admin(?:\/|$|\?)|auth\/|health(?:\/|$|\?)|site\/settings(?:$|\?))/;

export function isMaintenanceOpenApiPath(url: string): boolean {
  return OPEN_API_PATHS.test(url);
}

export const maintenanceError = () => new AppError(503, 'MAINTENANCE', MAINTENANCE_MESSAGE);

/**
 * The API guard (an onRequest hook of the /api scope): reads the switch from memory, so it costs
 * nothing while the shop is open. A callback hook, not an async one: it runs on every API request
 * (orders and searches included), and a promise per request costs there. A staff token is checked
 * by its signature only here; the route checks the session itself as always.
 */
export function maintenanceGuard(app: FastifyInstance) {
  return (
    request: FastifyRequest,
    reply: { header(name: string, value: string): unknown },
    done: (error?: Error) => void,
  ): void => {
    if (!app.settings.values.system.maintenance_mode || isMaintenanceOpenApiPath(request.url)) {
      done();
      return;
    }
    const refuse = () => {
      reply.header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS));
      done(maintenanceError());
    };
    const token = bearerOf(request);
    if (!token) {
      refuse();
      return;
    }
    verifyAccessToken(token, app.secrets.jwtSecret).then(
      (check) => (check.ok && check.claims.audience === 'staff' ? done() : refuse()),
      refuse,
    );
  };
}
