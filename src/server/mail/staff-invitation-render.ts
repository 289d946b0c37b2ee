import type HandlebarsApi from 'handlebars';
// The file, with its extension (order-mail-render.ts says why).
import * as runtime from 'handlebars/runtime.js';
import type { RenderedMail } from './order-mail-render.ts';
import { STAFF_INVITATION_HTML, STAFF_INVITATION_TEXT } from './templates/staff-invitation.compiled.ts';

/**
 * The staff invitation mail's templates (docs/product.md#staff-accounts), made ahead of time like
 * the order mails' (decision 032, order-mail-render.ts): instantiated on the first invitation,
 * filled per mail, values escaped in the HTML part.
 */
export interface StaffInvitationMailView {
  subject: string;
  /** The inbox's one-line preview (hidden in the mail). */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** The invitation link: the button's words, the words before the written-out link, the link. */
  link: { href: string; button: string; text: string };
  /** Under the divider: what to do with a mail you did not expect. */
  footnote: string;
  shop: { name: string; logo: string | null };
}

type Compiled = {
  html: HandlebarsTemplateDelegate<StaffInvitationMailView>;
  text: HandlebarsTemplateDelegate<StaffInvitationMailView>;
};

const handlebars = (runtime as unknown as { default: typeof HandlebarsApi }).default.create();
let compiled: Compiled | undefined;

export function renderStaffInvitationMail(view: StaffInvitationMailView): RenderedMail {
  compiled ??= {
    html: handlebars.template<StaffInvitationMailView>(STAFF_INVITATION_HTML),
    text: handlebars.template<StaffInvitationMailView>(STAFF_INVITATION_TEXT),
  };
  return {
    subject: view.subject,
    html: compiled.html(view),
    text: `${compiled
      .text(view)
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`,
  };
}
