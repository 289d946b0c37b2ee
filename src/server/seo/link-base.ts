/**
 * Where absolute links in pages, the sitemap, robots.txt and mails point. The `Host` header is
 * chosen by whoever sends the request: trusted blindly, one crafted request could make a cached
 * page, a sitemap or a mail point at another site. So (issue 18):
 *
 * 1. `PUBLIC_URL` when set: always that.
 * 2. else the request's host, only when it is in `ALLOWED_HOSTS`;
 * 3. else no host at all: links are relative (`/product/…`), which a browser resolves against the
 *    page it is on. (Crawlers and link previews want absolute URLs: set PUBLIC_URL in production.)
 */
export interface LinkBaseSettings {
  /** PUBLIC_URL. */
  publicUrl?: string;
  /** ALLOWED_HOSTS: lowercase host names, with a port where one is required. */
  allowedHosts?: readonly string[];
}

export interface RequestOrigin {
  protocol: string;
  /** The Host header as Fastify read it (name and optional port). */
  host: string;
}

/** The base for absolute links, or '' for relative links. */
export function linkBase(settings: LinkBaseSettings, request?: RequestOrigin): string {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, '');
  if (!request || !settings.allowedHosts?.length) return '';
  const host = request.host.toLowerCase();
  if (!settings.allowedHosts.includes(host)) return '';
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** `pathOrUrl` as a link from `base`: absolute with a base, as given without one. */
export function linkTo(base: string, pathOrUrl: string): string {
  return base ? new URL(pathOrUrl, `${base}/`).toString() : pathOrUrl;
}
