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

/**
 * The CSP header text, optionally allowing extra script sources: the HTML shell adds the sha256
 * hashes of its own inline scripts (the theme applied before first paint), and nothing else.
 */
export function contentSecurityPolicyHeader(extraScriptSources: string[] = []): string {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return Object.entries(CONTENT_SECURITY_POLICY)
    .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]))
    .map(([name, sources]) => {
      const all = name === 'scriptSrc' ? [...sources, ...extraScriptSources] : sources;
      return `${kebab(name)} ${all.join(' ')}`;
    })
    .join(';');
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Product images are reused by link previews (WhatsApp, social); allow cross-origin reads of them.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS only matters behind HTTPS; a reverse proxy that terminates TLS should set it.
    strictTransportSecurity: false,
  });
}
