/**
 * What a fixed page says to the merchant only (docs/product.md#fixed-pages): the default texts open
 * with a "Note for the shop: …" quote and mark figures to check "(to confirm)" (default-pages.ts).
 * Staff see both in the admin editor, as reminders; shoppers never do: the public pages API and
 * the server-drawn /pages/{slug} serve the content through `withoutMerchantNotes`. A merchant who
 * saves the page with them left in still never shows them to shoppers.
 */

/** The words that open the merchant's note; the default texts write them in bold at a quote's start. */
export const MERCHANT_NOTE_LEAD = 'Note for the shop:';
/** The mark after each figure the merchant must check. */
export const TO_CONFIRM_MARK = '(to confirm)';

const NOTE_QUOTE = /<blockquote>\s*<p>\s*<strong>Note for the shop:<\/strong>[\s\S]*?<\/blockquote>/g;
const CONFIRM_MARK = /[ \t]*(?:<strong>\s*)?\(to confirm\)(?:\s*<\/strong>)?/g;

/** Sanitised page HTML without the merchant's note and "(to confirm)" marks. */
export function withoutMerchantNotes(html: string): string {
  return html.replace(NOTE_QUOTE, '').replace(CONFIRM_MARK, '');
}
