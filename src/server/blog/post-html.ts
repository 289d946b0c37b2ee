/**
 * The HTML of blog posts and pages (docs/product.md#blog). A post's content comes from the admin's
 * rich-text editor as HTML; it is cleaned with an allow-list sanitiser when stored and again when
 * served, so nothing the editor (or a forged request) sends can run in a shopper's browser.
 *
 * Placeholder until the sanitiser lands: every tag is dropped and the text kept, which is safe
 * but loses the formatting.
 */
export function sanitizePostHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Minutes to read the post's text at 200 words a minute, at least 1. */
export function readingTimeMinutes(html: string): number {
  const words = sanitizePostHtml(html)
    .split(/\s+/)
    .filter((word) => word !== '').length;
  return Math.max(1, Math.round(words / 200));
}
