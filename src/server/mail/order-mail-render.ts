import type HandlebarsApi from 'handlebars';
// The file, with its extension: Node's own ESM loader (the built server, dist/server) finds no
// 'handlebars/runtime' (the package has no exports map); its types are the full package's.
import * as runtime from 'handlebars/runtime.js';
import { ORDER_MAIL_HTML, ORDER_MAIL_TEXT } from './templates/order-mail.compiled.ts';

/**
 * The order mails' templates (decision 032; docs/architecture.md#order-mails). Both parts were
 * made ahead of time (`npm run mail:templates`: MJML to HTML, then Handlebars' precompiler); here
 * they are instantiated once per process, on the first mail (about a millisecond), and every
 * mail only fills them: tens of microseconds, where parsing the HTML template would cost ~80 ms.
 * Values are escaped in the HTML part (`{{value}}`; the templates never use the unescaped
 * `{{{…}}}`, which the build refuses) and written as they are in the text part. Nothing here
 * depends on the settings: the shop's name, logo and wording are values of the view, so a
 * settings change needs no recompiling.
 */

/** Everything the templates show, already in words (order-mail-view.ts builds it). */
export interface OrderMailView {
  /** Words and layout of the language: `lang`, `dir`, and the sides text starts and ends on. */
  s: {
    lang: string;
    dir: 'ltr' | 'rtl';
    start: 'left' | 'right';
    end: 'left' | 'right';
    summaryHeading: string;
    quantity: string;
    payment: string;
    deliverTo: string;
    contactHeading: string;
  };
  subject: string;
  /** The inbox's one-line preview (hidden in the mail). */
  preheader: string;
  heading: string;
  greeting?: string;
  /** The introduction as written (text part) and in paragraphs (HTML part). */
  intro: string;
  paragraphs: string[];
  /** What happened, line by line: the carrier and tracking number, a reason, a refund. */
  details: string[];
  track?: { href: string; button: string; text: string };
  link?: { href: string; button: string; text: string };
  lines: { quantity: number; name: string; options: string; total: string }[];
  totals: { label: string; value: string }[];
  total: { label: string; value: string };
  payment?: { label: string; line: string; instructions: string };
  vatLine?: string;
  delivery?: string[];
  signs: boolean;
  contactLine?: string;
  shop: { name: string; email: string; phone: string; phoneHref: string; address: string; logo: string | null };
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

type Compiled = { html: HandlebarsTemplateDelegate<OrderMailView>; text: HandlebarsTemplateDelegate<OrderMailView> };

// Handlebars' runtime only (the compiler ran at build time: ~1.5 MB less heap), an instance of
// our own: nothing registered on the shared one can reach these templates.
const handlebars = (runtime as unknown as { default: typeof HandlebarsApi }).default.create();
let compiled: Compiled | undefined;

function orderMailTemplates(): Compiled {
  compiled ??= {
    html: handlebars.template<OrderMailView>(ORDER_MAIL_HTML),
    text: handlebars.template<OrderMailView>(ORDER_MAIL_TEXT),
  };
  return compiled;
}

/** The two parts of one mail from its view. */
export function renderOrderMail(view: OrderMailView): RenderedMail {
  return { subject: view.subject, html: renderOrderMailHtml(view), text: renderOrderMailText(view) };
}

/** The plain-text part alone (a new order's mail: its HTML part is drawn when it is sent). */
export function renderOrderMailText(view: OrderMailView): string {
  // Blank lines never pile up (a block left out next to another), and the text ends in one newline.
  return `${orderMailTemplates()
    .text(view)
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/** The HTML part alone. */
export function renderOrderMailHtml(view: OrderMailView): string {
  return orderMailTemplates().html(view);
}
