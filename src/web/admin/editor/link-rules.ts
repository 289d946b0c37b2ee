/**
 * What a link in a post may point to (docs/product.md#post-html): the server keeps http(s),
 * mailto, tel and relative links and drops anything else, so the editor refuses those up front
 * with a message instead of letting the link vanish on save. A full URL to this shop is written
 * as a path (`/product/…`): the server treats every full URL as another site's (new tab, nofollow).
 */

export const LINK_MESSAGES = {
  empty: 'Enter a link address',
  spaces: 'A link address cannot contain spaces',
  scheme: 'Links can start with https://, http://, mailto:, tel: or / (a page of this shop)',
  otherSite: 'Write a link to another site in full, starting with https://',
} as const;

export type LinkCheck = { ok: true; href: string } | { ok: false; message: string };

/** The href to store for what the admin typed, or why it is refused. `origin` is this shop's. */
export function checkLinkHref(input: string, origin?: string): LinkCheck {
  const href = input.trim();
  if (href === '') return { ok: false, message: LINK_MESSAGES.empty };
  if (/\s/.test(href)) return { ok: false, message: LINK_MESSAGES.spaces };
  // Protocol-relative (`//host`, `\\host`): allowed by the server but never meant here.
  if (/^[/\\]{2}/.test(href) || href.startsWith('/\\')) return { ok: false, message: LINK_MESSAGES.otherSite };
  if (href.startsWith('/') || href.startsWith('#')) return { ok: true, href };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme === 'mailto' || scheme === 'tel') return href.length > scheme.length + 1 ? { ok: true, href } : refused();
  if (scheme === 'http' || scheme === 'https') {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return refused();
    }
    if (origin && url.origin === origin) return { ok: true, href: `${url.pathname}${url.search}${url.hash}` };
    return { ok: true, href };
  }
  // "www.example.com" or "example.com/page": another site typed without its scheme.
  if (scheme === undefined && /^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#]|$)/i.test(href)) {
    return { ok: true, href: `https://${href}` };
  }
  return refused();
}

function refused(): LinkCheck {
  return { ok: false, message: LINK_MESSAGES.scheme };
}

/** Whether the server treats the href as another site's (new tab, `rel="noopener noreferrer nofollow"`). */
export function isExternalHref(href: string): boolean {
  return /^https?:/i.test(href) || /^[/\\]{2}/.test(href);
}
