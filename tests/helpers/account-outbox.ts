import { readOutbox } from '#server/mail/outbox-file.ts';
import { readableMail } from './mail-parts.ts';
import type { TestApp } from './test-app.ts';

/** Every outbox message of `kind` (newest last) whose `To:` line is `to`, read whole. */
async function outboxFor(ctx: TestApp, to: string, kind: 'text' | 'mail'): Promise<string[]> {
  // Codes sent after the answer (app.background) first, then the message outbox (order mails and
  // texts), then the mail they handed over.
  await ctx.app.background.idle();
  await ctx.app.messageSender.drain();
  await ctx.app.mailer.idle();
  const raws = await readOutbox(ctx.config.paths.outbox, kind);
  // A mail as a reader sees it: its headers and its text part (mail-parts.ts).
  const texts = kind === 'mail' ? raws.map(readableMail) : raws;
  return texts.filter((text) => text.split('\n').some((line) => line === `To: ${to}`));
}

/** The last one-time code texted to this phone (outbox message channel). */
export async function lastCodeTo(ctx: TestApp, phone: string): Promise<string> {
  // The newest text with a code: order texts (orders/order-texts.ts) go to the same phone.
  const code = (await outboxFor(ctx, phone, 'text'))
    .findLast((text) => /code is \d{6}/.test(text))
    ?.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** How many messages went to this phone. */
export async function messagesTo(ctx: TestApp, phone: string): Promise<number> {
  return (await outboxFor(ctx, phone, 'text')).length;
}

/** The last mail to this address (the outbox's mail). */
export async function lastMailTo(ctx: TestApp, email: string): Promise<string> {
  const mail = (await outboxFor(ctx, email, 'mail')).at(-1);
  if (!mail) throw new Error(`no mail in the outbox for ${email}`);
  return mail;
}

/** The token of the last link mailed to this address for `linkPath` (e.g. /login/reset). */
export async function lastLinkTokenTo(ctx: TestApp, email: string, linkPath: string): Promise<string> {
  const escaped = linkPath.replace(/[/.]/g, '\\$&');
  const link = new RegExp(`${escaped}\\?token=([A-Za-z0-9_-]+)`);
  // The newest mail with such a link: an order's receipt may have gone out after it.
  const token = (await outboxFor(ctx, email, 'mail')).findLast((mail) => link.test(mail))?.match(link)?.[1];
  if (!token) throw new Error(`no ${linkPath} link in the mail to ${email}`);
  return token;
}

/** The last 6-digit code mailed to this address. */
export async function lastMailedCodeTo(ctx: TestApp, email: string): Promise<string> {
  const code = (await outboxFor(ctx, email, 'mail'))
    .findLast((mail) => /code is \d{6}/.test(mail))
    ?.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  return code;
}
