import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { formatFrom, type Mail } from '#server/mail/mailer.ts';
import type { ContactRequest } from '#shared/contracts/contact.ts';
import { contactMessages } from './contact.table.ts';

export interface ContactOrigin {
  ip: string;
  userAgent: string | undefined;
}

/** Stores a contact message and returns the mail for the shop (sent by the caller, after the insert). */
export async function saveContactMessage(
  db: Db,
  message: ContactRequest,
  origin: ContactOrigin,
  config: Pick<Config, 'COMPANY_EMAIL'>,
): Promise<Mail> {
  await db.insert(contactMessages).values({
    name: message.name,
    email: message.email,
    phone: message.phone ?? null,
    subject: message.subject ?? null,
    message: message.message,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
  });
  return {
    to: config.COMPANY_EMAIL,
    subject: `Contact form: ${message.subject ?? `message from ${message.name}`}`,
    // "Reply" in the shop's mail client answers the shopper, not the shop itself.
    replyTo: formatFrom(message.name, message.email),
    text: [
      `From: ${message.name} <${message.email}>${message.phone ? `, ${message.phone}` : ''}`,
      ...(message.subject ? [`Subject: ${message.subject}`] : []),
      '',
      message.message,
      '',
    ].join('\n'),
  };
}
