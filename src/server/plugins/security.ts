import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

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

/** @fastify/helmet's options: the CSP above, and the headers a reverse proxy should own left off. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // Product images are reused by link previews (WhatsApp, social); allow cross-origin reads of them.
  crossOriginResourcePolicy: { policy: 'same-site' as const },
  // HSTS only matters behind HTTPS; a reverse proxy that terminates TLS should set it.
  strictTransportSecurity: false as const,
};

/**
 * The headers helmet sets with HELMET_OPTIONS, read once from a throwaway instance. Our directives
 * are constants (no per-request nonces), so every response gets the same set; @fastify/helmet
 * registered on the app instead builds helmet's middleware anew on every request (parsing each
 * directive, two hooks), a measurable share of a cheap read's CPU (issue 32, decision 027).
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, HELMET_OPTIONS);
    // Before Fastify adds its own headers, the raw response holds exactly helmet's.
    probe.get('/', (_request, reply) => {
      reply.send(reply.raw.getHeaders());
    });
    const response = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(response.json() as Record<string, unknown>).map(([name, value]) => [name, String(value)]),
    );
  } finally {
    await probe.close();
  }
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
