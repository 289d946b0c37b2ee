import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for every response. The CSP allows only our own origin: the built app has no
 * inline scripts (site config travels in a JSON script tag, which is data, not script). Inline
 * styles stay allowed because the toast library injects a <style> element at run time.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Product images are reused by link previews (WhatsApp, social); allow cross-origin reads of them.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS only matters behind HTTPS; a reverse proxy that terminates TLS should set it.
    strictTransportSecurity: false,
  });
}
