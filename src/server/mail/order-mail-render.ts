import Handlebars from 'handlebars';
import { ORDER_MAIL_HTML } from './templates/order-mail.html.ts';
import { ORDER_MAIL_TEXT } from './templates/order-mail.text.ts';

/**
 * The order mails' templates (decision 032; docs/architecture.md#order-mails). The HTML was made
 * from MJML ahead of time (`npm run mail:templates`); here Handlebars compiles it and the text
 * template once per process, on the first mail, and every mail after that only fills them: a few
 * tens of microseconds, where compiling (or MJML) costs milliseconds. Values are escaped in the
 * HTML part by Handlebars (`{{value}}`; the templates never use the unescaped `{{{…}}}`), and
 * written as they are in the text part. Nothing here depends on the settings: the shop's name,
 * logo and wording are values of the view, so a settings change needs no recompiling.
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

// A Handlebars of our own: nothing registered on the shared instance can reach these templates.
const handlebars = Handlebars.create();
// Only the built-in `if` and `each`, and no @index/@root data: the templates need neither.
const KNOWN = { knownHelpers: { if: true, each: true }, knownHelpersOnly: true, data: false } as const;
let compiled: Compiled | undefined;

/** Compiles both templates (once; later calls return the same functions). */
export function orderMailTemplates(): Compiled {
  compiled ??= {
    html: handlebars.compile<OrderMailView>(ORDER_MAIL_HTML, KNOWN),
    text: handlebars.compile<OrderMailView>(ORDER_MAIL_TEXT, { ...KNOWN, noEscape: true }),
  };
  return compiled;
}

/** The two parts of one mail from its view. */
export function renderOrderMail(view: OrderMailView): RenderedMail {
  const templates = orderMailTemplates();
  return {
    subject: view.subject,
    html: templates.html(view),
    // Blank lines never pile up (a block left out next to another), and the text ends in one newline.
    text: `${templates
      .text(view)
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`,
  };
}
