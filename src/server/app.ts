import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { BACKUP_MESSAGES } from '#shared/contracts/backups.ts';
import type { SiteConfig } from '#shared/contracts/site.ts';
import { accountSecurityRoutes } from './accounts/account-security.routes.ts';
import { accountRoutes } from './accounts/accounts.routes.ts';
import { addressRoutes } from './accounts/addresses.routes.ts';
import { type AccountCodeLimits, DEFAULT_ACCOUNT_CODE_LIMITS } from './accounts/verification.service.ts';
import { adminScope } from './admin/admin-scope.ts';
import { staffScope } from './admin/staff-scope.ts';
import { AuditRetention } from './audit/audit-retention.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { type AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS, SIGNUP_RATE_WINDOW_MS } from './auth/auth-limits.ts';
import { BackupService } from './backups/backups.service.ts';
import { blogRoutes } from './blog/blog.routes.ts';
import { listFeedPosts, listSitemapPosts } from './blog/blog-feed-queries.ts';
import { blogRevision, publicPostForPage } from './blog/blog-page-queries.ts';
import { cartRoutes } from './cart/cart.routes.ts';
import { CatalogueReadModel } from './catalogue/catalogue-read-model.ts';
import { categoryRoutes } from './categories/categories.routes.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { contactRoutes } from './contact/contact.routes.ts';
import type { Database, Db } from './db/client.ts';
import { AppError } from './errors.ts';
import { healthRoutes } from './health/health.routes.ts';
import { loggerOptions } from './logging.ts';
import { type AppMailer, createBackgroundMailer } from './mail/background-mailer.ts';
import { createMailer, explainMailFailure, mailRouteOf } from './mail/mailer.ts';
import { createMessageChannel, textRouteOf } from './messages/create-channel.ts';
import type { MessageChannel } from './messages/message-channel.ts';
import { createMessageSender, type MessageSender, type MessageSenderOptions } from './messages/message-sender.ts';
import { explainTextError } from './messages/text-errors.ts';
import { priceCartItems } from './orders/order-pricing.ts';
import { ORDER_RATE_WINDOW_MS, orderRoutes } from './orders/orders.routes.ts';
import { shopperOrderRoutes } from './orders/shopper-orders.routes.ts';
import { shopPageRoutes } from './pages/pages.routes.ts';
import { pagesRevision, shopPageForMeta, sitemapShopPages } from './pages/pages.service.ts';
import { type BackgroundWork, createBackgroundWork } from './plugins/background-work.ts';
import {
  apiNotFoundBody,
  MAX_PATH_SEGMENT_LENGTH,
  registerErrorHandling,
  replyToRouterError,
} from './plugins/error-handler.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { type RateLimitOptions, registerRateLimiters } from './plugins/rate-limiter.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { productRoutes } from './products/products.routes.ts';
import { PROMO_RATE_WINDOW_MS, promoCodeRoutes } from './promo-codes/promo-codes.routes.ts';
import { registerAdminRealtime } from './realtime/admin-realtime.ts';
import { newestApprovedReviews } from './reviews/review-queries.ts';
import { DEFAULT_REVIEW_RATE_LIMITS, type ReviewRateLimits, reviewRoutes } from './reviews/reviews.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { createOutboundFetch, type OutboundFetch } from './security/outbound-fetch.ts';
import { createStaffAddressGuard } from './security/staff-address-guard.ts';
import { trustFunction } from './security/trust-proxy.ts';
import { defaultSettings } from './settings/settings-defaults.ts';
import { SettingsStore } from './settings/settings-store.ts';
import { settingsSecretBox } from './settings/shop-settings.service.ts';
import { maintenanceGuard } from './site/maintenance.ts';
import { siteRoutes } from './site/site.routes.ts';
import { siteConfigSource } from './site/site-config.ts';
import { staffInvitationRoutes } from './staff/staff-invitations.routes.ts';
import type { InstanceSecrets } from './startup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The storefront's in-memory catalogue; `await app.catalogue.fresh()` before reading. */
    catalogue: CatalogueReadModel;
    /** Shorthand for database.db: the Drizzle handle services take. */
    db: Db;
    /** Mail for the shop and customers; `sendLater` never blocks a request (mail/background-mailer.ts). */
    mailer: AppMailer;
    /** Work a request hands over and answers without (plugins/background-work.ts). */
    background: BackgroundWork;
    /**
     * Text messages to phones (one-time codes, order texts): the channel of Settings → Email, read
     * at each send (outbox by default, SMS or WhatsApp; messages/create-channel.ts).
     */
    messages: MessageChannel;
    /** The one guarded fetcher for outbound HTTP: public addresses only (security/outbound-fetch.ts). */
    outboundFetch: OutboundFetch;
    /**
     * Delivers the message outbox (shoppers' order status mails, messages/message-sender.ts):
     * `kick()` after a commit that queued one; tests `drain()`.
     */
    messageSender: MessageSender;
    /**
     * The shop's settings (docs/product.md#shop-settings) in memory, kept fresh by database
     * notifications: `app.settings.values` costs no round trip; staff reads `await app.settings.fresh()`.
     */
    settings: SettingsStore;
    /**
     * The storefront's site config as the settings stand now (site/site-config.ts): the same object
     * until they change.
     */
    siteConfig: () => SiteConfig;
    /** The JWT key and the hidden admin sign-in path (startup.ts; shared by every process). */
    secrets: InstanceSecrets;
    /** The time business rules read (a scheduled post falling due); tests set it (clock.ts). */
    clock: Clock;
    /** Backups and restores of the whole shop, and their schedule (backups/backups.service.ts). */
    backups: BackupService;
    /** The audit log's daily retention (audit/audit-retention.ts); main.ts starts its timer. */
    auditRetention: AuditRetention;
  }
}

export interface BuildAppOptions {
  /** Open (and migrated) database; the caller owns its lifetime unless `closeDatabase` is set. */
  database: Database;
  /** From prepareInstance (startup.ts); tests pass fixed ones. */
  secrets: InstanceSecrets;
  /** The time business rules read; the system clock unless a test sets one (clock.ts). */
  clock?: Clock;
  /** Serve the built web app and uploads (off for API-only tests). Default true. */
  serveWebApp?: boolean;
  closeDatabase?: boolean;
  /** Extra routes under /api, for tests that exercise the shared plumbing (body limits, 500s). */
  extraApiRoutes?: FastifyPluginAsync;
  logger?: FastifyServerOptions['logger'];
  /** Where log lines go (JSON, with the usual redaction); tests read the log through it. */
  logStream?: DestinationStream;
  /** Sign-in and sign-up limits; tests use small numbers. */
  authRateLimits?: Partial<AuthRateLimits>;
  /** One-time codes sent per destination and IP, and code checks per IP; tests use small numbers. */
  accountCodeLimits?: Partial<AccountCodeLimits>;
  /** Checkout orders per IP (POST /orders); default ORDER_RATE_LIMIT per 10 minutes. Tests raise it. */
  orderRateLimit?: RateLimitOptions;
  /**
   * Promo code attempts per IP (POST /promo-codes/validate, and unknown codes at checkout); default
   * PROMO_RATE_LIMIT per 10 minutes. Tests raise it, or set it low to see the 429.
   */
  promoRateLimit?: RateLimitOptions;
  /**
   * Review writes (creates and edits) and helpful votes per shopper; default
   * REVIEW_WRITE_LIMIT_PER_HOUR and REVIEW_VOTE_LIMIT_PER_HOUR per hour. Tests raise them, or set
   * them low to see the 429.
   */
  reviewRateLimits?: Partial<ReviewRateLimits>;
  /** Prefix of the Redis rate-limit keys (default `cedar:rl`); tests use a unique one per run. */
  rateLimitPrefix?: string;
  /**
   * The message outbox sender's pace (messages/message-sender.ts): tests that drive it by
   * `drain()` alone set a long interval.
   */
  messageSender?: Pick<MessageSenderOptions, 'intervalMs' | 'kickDelayMs' | 'leaseMs' | 'batchSize' | 'maxAttempts'>;
  /** Sees every route as it is added (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * For a GET of `/uploads/<path>`: a promise to wait for before the file is served, for files
   * still being made (the demo pictures drawn after a first start, db/seed/seed-pictures.ts).
   */
  waitForUpload?: (uploadPath: string) => Promise<void> | undefined;
}

/**
 * Builds the whole server without listening, so tests drive it with `app.inject`. main.ts opens the
 * database, runs the start-up tasks and calls listen.
 */
export async function buildApp(config: Config, options: BuildAppOptions): Promise<FastifyInstance> {
  // request.ip: the connection's address, or X-Forwarded-For through the proxies TRUST_PROXY names only.
  const trustProxy = trustFunction(config.TRUST_PROXY);
  const app = Fastify({
    trustProxy,
    logger: options.logger ?? (await loggerOptions(config, options.logStream)),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Long-lived polling connections (real-time) must not keep a shutdown waiting forever.
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_SEGMENT_LENGTH },
    // A too-long path segment (414) or a broken % escape (400) in the error body of
    // docs/product.md#error-body-and-codes.
    frameworkErrors: replyToRouterError,
  }).withTypeProvider<ZodTypeProvider>();

  // First, so that it sees every route registered below.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('secrets', options.secrets);
  const clock = options.clock ?? systemClock;
  app.decorate('clock', clock);
  if (clock.onRequest) app.addHook('onRequest', clock.onRequest);
  // Declared up front so every request object has the same shape (set by auth/authenticate.ts).
  app.decorateRequest('user', undefined);
  await registerRateLimiters(app, { redisUrl: config.REDIS_URL, prefix: options.rateLimitPrefix });
  const background = createBackgroundWork(app.log);
  app.decorate('background', background);
  // Before the mailer's hook: background work may still hand mail over.
  app.addHook('onClose', () => background.idle());
  const mailer = createBackgroundMailer(
    createMailer({
      // Read at send time (the store is decorated below and started before requests arrive).
      route: () => mailRouteOf(app.settings),
      smtpUrl: config.SMTP_URL,
      outboxDir: config.paths.outbox,
    }),
    config.paths.outbox,
    app.log,
  );
  app.decorate('mailer', mailer);
  // Mail handed over before shutdown is still sent (or written to the outbox).
  app.addHook('onClose', () => mailer.idle());
  const outboundFetch = createOutboundFetch({ allowedPrivateHosts: config.OUTBOUND_PRIVATE_HOSTS });
  app.decorate('outboundFetch', outboundFetch);
  app.decorate(
    'messages',
    createMessageChannel({
      // Read at send time, like the mail route (the store is decorated below and started before requests).
      route: () => textRouteOf(app.settings),
      outboxDir: config.paths.outbox,
      fetch: outboundFetch,
      log: app.log,
    }),
  );
  const catalogue = new CatalogueReadModel(options.database, app.log);
  app.decorate('catalogue', catalogue);
  // Stop listening before the database closes (hooks run in the order they were added).
  app.addHook('onClose', () => catalogue.stop());
  const settingsStore = new SettingsStore(
    options.database,
    defaultSettings(config),
    settingsSecretBox(options.secrets.jwtSecret),
    app.log,
  );
  app.decorate('settings', settingsStore);
  app.decorate(
    'siteConfig',
    siteConfigSource(config, () => settingsStore.values),
  );
  app.addHook('onClose', () => settingsStore.stop());
  // The staff address allowlist's check, used by the staff scopes, the staff sign-in routes, the
  // admin socket and the hidden sign-in page (docs/product.md#address-allowlist).
  app.decorate('staffAddresses', createStaffAddressGuard(app, trustProxy));
  if (config.ADMIN_IP_ALLOWLIST_BYPASS) {
    app.log.warn(
      'ADMIN_IP_ALLOWLIST_BYPASS is set: the staff address allowlist is NOT enforced. Fix the list on the Security page, then unset it (docs/operations.md)',
    );
  }
  const messageSender = createMessageSender({
    db: options.database.db,
    send: (mail) => mailer.send(mail),
    sendText: (message) => app.messages.send(message),
    // A text's channel adapters say only what the provider answered (a status), never the text or a key.
    describeError: (error, channel) =>
      channel === 'text'
        ? explainTextError(error)
        : explainMailFailure(error, mailRouteOf(settingsStore), config.SMTP_URL),
    log: app.log,
    ...options.messageSender,
  });
  app.decorate('messageSender', messageSender);
  // Before the database closes: the pass under way marks its rows.
  app.addHook('onClose', () => messageSender.stop());
  const backups = new BackupService({
    database: options.database,
    dataDir: config.paths.dataDir,
    uploadsDir: config.paths.uploads,
    clock,
    log: app.log,
    schedule: () => settingsStore.values.system.backups,
    // Registered below; a restore happens only once requests are served.
    announceAlert: (alertId) => app.realtime?.announceSecurityAlert(alertId),
  });
  app.decorate('backups', backups);
  app.addHook('onClose', async () => backups.stop());
  const auditRetention = new AuditRetention({
    db: options.database.db,
    clock,
    retentionDays: () => settingsStore.values.security.audit.retention_days,
    log: app.log,
  });
  app.decorate('auditRetention', auditRetention);
  app.addHook('onClose', () => auditRetention.stop());
  // While a restore runs, writes are refused rather than lost (docs/product.md#backups).
  // A callback hook: it runs on every request, and a promise per request costs.
  app.addHook('onRequest', (request, _reply, done) => {
    if (backups.restoring && request.method !== 'GET' && request.method !== 'HEAD')
      done(new AppError(503, 'SERVICE_UNAVAILABLE', BACKUP_MESSAGES.restoring));
    else done();
  });
  if (options.closeDatabase) app.addHook('onClose', () => options.database.close());

  // Live admin notifications (socket.io on this server's HTTP listener, namespace /admin).
  await registerAdminRealtime(app);

  registerErrorHandling(app);
  registerJsonBodyParser(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      // JSON from the API is never cached by browsers or proxies unless a route says otherwise.
      // A callback hook, not an async one: it runs on every API answer, and a promise per answer costs.
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      // Maintenance mode: the storefront's calls answer 503 MAINTENANCE; staff keep working.
      api.addHook('onRequest', maintenanceGuard(app));
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(productRoutes);
      await api.register(categoryRoutes);
      await api.register(searchRoutes);
      // One promo limiter for validate and checkout: an unknown code costs the same attempt on
      // either, so calculate cannot serve as a free oracle for guessing codes.
      const promoLimiter = api.rateLimiter(
        'promo-codes',
        options.promoRateLimit ?? { limit: config.PROMO_RATE_LIMIT, windowMs: PROMO_RATE_WINDOW_MS },
      );
      await api.register(orderRoutes, {
        rateLimit: options.orderRateLimit ?? { limit: config.ORDER_RATE_LIMIT, windowMs: ORDER_RATE_WINDOW_MS },
        promoLimiter,
      });
      await api.register(promoCodeRoutes, {
        limiter: promoLimiter,
        priceCart: (db, items) => priceCartItems(db, items, catalogue.current),
      });
      // Staff and shopper sign-in share the limits and their counters (the same limiter names).
      const authLimits: AuthRateLimits = {
        ...DEFAULT_AUTH_RATE_LIMITS,
        registrationsPerIp: { limit: config.SIGNUP_RATE_LIMIT, windowMs: SIGNUP_RATE_WINDOW_MS },
        loginAttemptsPerIp: { ...DEFAULT_AUTH_RATE_LIMITS.loginAttemptsPerIp, limit: config.LOGIN_RATE_LIMIT },
        // The lockout (failed sign-ins, and the minutes they are counted in and the lockout
        // lasts): the security configuration, unless a test fixes its own.
        ...(!options.authRateLimits?.loginFailuresPerAccount && {
          lockout: () => ({
            attempts: app.settings.values.security.access.max_login_attempts,
            windowMs: app.settings.values.security.access.lockout_minutes * 60_000,
          }),
        }),
        failedSignInAlertThreshold: () => app.settings.values.security.monitoring.alert_on_failed_logins_threshold,
        ...options.authRateLimits,
      };
      // The staff sign-in routes (and the invitation link's) answer only addresses on the
      // allowlist while it is on.
      await api.register(async (staffAuth) => {
        staffAuth.addHook('onRequest', app.staffAddresses.onRequest);
        await staffAuth.register(authRoutes, { limits: authLimits });
        if (config.FEATURE_ADMIN_PANEL) await staffAuth.register(staffInvitationRoutes);
      });
      await api.register(accountRoutes, {
        limits: authLimits,
        codeLimits: { ...DEFAULT_ACCOUNT_CODE_LIMITS, ...options.accountCodeLimits },
      });
      await api.register(cartRoutes);
      await api.register(accountSecurityRoutes);
      await api.register(addressRoutes);
      await api.register(shopperOrderRoutes);
      await api.register(blogRoutes);
      await api.register(shopPageRoutes);
      await api.register(reviewRoutes, { limits: { ...DEFAULT_REVIEW_RATE_LIMITS, ...options.reviewRateLimits } });
      if (config.FEATURE_ADMIN_PANEL) await api.register(adminScope, { prefix: '/admin' });
      // Staff-only calls outside /admin (product and category writes, uploads, the blog's /blogs/admin).
      await api.register(staffScope);
      // Feature flag of docs/product.md#feature-flags: without the contact form the path is simply unknown (404).
      if (config.FEATURE_CONTACT_FORM) await api.register(contactRoutes);
      if (options.extraApiRoutes) await api.register(options.extraApiRoutes);
    },
    { prefix: '/api' },
  );

  if (options.waitForUpload) {
    const waitForUpload = options.waitForUpload;
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/uploads/')) return;
      // A picture that cannot be drawn is simply not there: the static handler answers 404.
      await waitForUpload(request.url.slice('/uploads/'.length).split('?')[0] ?? '')?.catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not prepare an upload'),
      );
    });
  }

  if (options.serveWebApp ?? true) {
    const siteConfig = app.siteConfig;
    await registerWebApp(app, {
      distDir: config.webDistDir,
      ssrEntry: path.join(config.webSsrDir, 'render-page.js'),
      uploadsDir: config.paths.uploads,
      siteConfig,
      publicUrl: config.PUBLIC_URL,
      allowedHosts: config.ALLOWED_HOSTS,
      adminSignInPath: config.FEATURE_ADMIN_PANEL ? options.secrets.adminLoginPath : undefined,
      // Off the allowlist, the sign-in page answers as an unknown path.
      adminSignInAllowed: (request) =>
        app.staffAddresses.admit(request.ip, {
          path: '(the admin sign-in page)',
          userAgent: request.headers['user-agent'],
        }),
      newestReviews: (productId) => newestApprovedReviews(app.db, productId),
      blog: {
        feedItems: () => listFeedPosts(app.db, app.clock.now()),
        sitemapPosts: () => listSitemapPosts(app.db, app.clock.now()),
        post: (slug) => publicPostForPage(app.db, slug, app.clock.now()),
        revision: () => blogRevision(app.db, app.clock.now()),
      },
      shopPages: {
        page: (slug) => shopPageForMeta(app.db, siteConfig(), slug),
        sitemapPages: () => sitemapShopPages(app.db, siteConfig()),
        revision: () => pagesRevision(app.db),
      },
    });
  } else {
    app.setNotFoundHandler((request, reply) => reply.status(404).send(apiNotFoundBody(request.method, request.url)));
  }

  // Settings are read synchronously by requests: loaded before the first one is served.
  await settingsStore.start();
  await catalogue.start();
  await app.ready();
  // Mail queued before this start (a restart, another process) goes out now.
  messageSender.start();
  return app;
}
