import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { SettingsValues, SMTP_SECURITY, StoredSettingsSection } from '#shared/contracts/settings.ts';
import { appendToOutbox } from './outbox-file.ts';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part (the whole message when there is no `html`). */
  text: string;
  /**
   * The HTML part (order mails, decision 032): sent as the alternative to `text`, which mail
   * clients that show no HTML (and filters that read text) keep using.
   */
  html?: string;
  /**
   * Where "Reply" writes to, when not the sender: the shopper of a contact message, so the shop's
   * reply reaches them instead of the shop's own address. A formatted address (`formatFrom`).
   */
  replyTo?: string;
}

export interface Mailer {
  /** Sends (or, without SMTP, writes to the outbox); resolves with where it went. */
  send(mail: Mail): Promise<{ transport: 'smtp' | 'outbox'; id: string }>;
}

/** Where mail goes at this moment: the email settings (docs/product.md#shop-settings). */
export interface MailRoute {
  /** Blank: no SMTP server (the outbox, or SMTP_URL when set). */
  host: string;
  port: number;
  user: string;
  /** The SMTP password, opened from the sealed settings; null when none is saved. */
  password: string | null;
  security: (typeof SMTP_SECURITY)[number];
  fromName: string;
  fromAddress: string;
}

export interface MailerOptions {
  /**
   * Read at every send, so a change in the admin's Email settings applies to the next mail
   * without a restart. Without it (tests), every message goes to the outbox from `from`.
   */
  route?: () => MailRoute;
  /**
   * SMTP_URL: used while the settings name no SMTP server (installs configured before the Email
   * settings existed keep sending); the settings' server wins once one is saved.
   */
  smtpUrl?: string;
  outboxDir: string;
  /** The From address without `route` (the shop's own). */
  from?: string;
}

/** The route of the saved Email settings (`app.settings`), with the SMTP password opened. */
export function mailRouteOf(settings: {
  values: SettingsValues;
  secret(section: StoredSettingsSection, field: string): string | null;
}): MailRoute {
  const email = settings.values.email;
  return {
    host: email.smtp_host,
    port: email.smtp_port,
    user: email.smtp_user,
    password: email.smtp_host ? settings.secret('email', 'smtp_password') : null,
    security: email.smtp_security,
    fromName: email.from_name,
    fromAddress: email.from_address,
  };
}

/** Seconds a merchant waits at most for a server that does not answer (the test email). */
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** `"Name" <address>` with the name quoted when it holds characters an address header reserves. */
export function formatFrom(name: string, address: string): string {
  const clean = name.replace(/[\r\n"\\]+/g, ' ').trim();
  if (!clean) return address;
  return /[()<>@,;:.[\]]/.test(clean) ? `"${clean}" <${address}>` : `${clean} <${address}>`;
}

/**
 * Mail for the shop and its customers (docs/engineering.md#stack: nodemailer). The SMTP server and
 * sender come from the Email settings at send time; with no server named (and no SMTP_URL) every
 * message is appended to the day's `mail-<date>.mbox` in `DATA_DIR/outbox`, which mail clients
 * import, so a fresh install shows what it would send.
 */
export function createMailer({
  route,
  smtpUrl,
  outboxDir,
  from = 'Cedar Shop <hello@cedar.shop>',
}: MailerOptions): Mailer {
  const outbox = createOutbox(outboxDir);
  // One transport per server configuration, made again when the settings change it.
  let cached: { key: string; transport: Transporter } | undefined;
  const transportFor = (key: string, make: () => Transporter): Transporter => {
    if (cached?.key !== key) {
      cached?.transport.close();
      cached = { key, transport: make() };
    }
    return cached.transport;
  };
  return {
    async send(mail) {
      const current = route?.();
      const sender = current ? formatFrom(current.fromName, current.fromAddress) : from;
      if (current?.host) {
        const { host, port, user, password, security } = current;
        const key = JSON.stringify([host, port, user, password, security]);
        const transport = transportFor(key, () =>
          nodemailer.createTransport({
            host,
            port,
            secure: security === 'tls',
            requireTLS: security === 'starttls',
            ignoreTLS: security === 'none',
            ...(user ? { auth: { user, pass: password ?? '' } } : {}),
            connectionTimeout: CONNECT_TIMEOUT_MS,
            greetingTimeout: CONNECT_TIMEOUT_MS,
            socketTimeout: SOCKET_TIMEOUT_MS,
          }),
        );
        const info = await transport.sendMail({ from: sender, ...mail });
        return { transport: 'smtp', id: String(info.messageId) };
      }
      if (smtpUrl) {
        const transport = transportFor(`url:${smtpUrl}`, () => nodemailer.createTransport(smtpUrl));
        const info = await transport.sendMail({ from: sender, ...mail });
        return { transport: 'smtp', id: String(info.messageId) };
      }
      return outbox(sender, mail);
    },
  };
}

/**
 * The outbox is written by hand: nodemailer's MIME composer costs about 1 ms of event-loop time
 * per message, which order placement (budget p95 ≤ 50 ms on one thread) cannot afford. Plain
 * UTF-8 text needs no more than these headers, and an HTML mail one multipart/alternative around
 * its two parts (`composeAlternativeMessage`). Each message is appended to the day's mail file of
 * the outbox folder (mail/outbox-file.ts: mbox, one write, no file to create per message).
 */
function createOutbox(outboxDir: string) {
  return async (from: string, mail: Mail): Promise<{ transport: 'outbox'; id: string }> => {
    const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
    const id = randomUUID();
    const message = mail.html
      ? composeAlternativeMessage({ from, ...mail, html: mail.html }, `<${id}@${domain}>`, id)
      : composePlainMessage({ from, ...mail }, `<${id}@${domain}>`);
    const file = appendToOutbox(outboxDir, 'mail', message);
    return { transport: 'outbox', id: `${file} <${id}@${domain}>` };
  };
}

/**
 * What an SMTP failure means, in a merchant's words: never a stack trace, never the password
 * (the server's own reply is quoted only for refusals, where it names the reason).
 */
export function explainMailError(error: unknown, host: string, port: number, password?: string | null): string {
  const said = explainFailure(error, host, port);
  return password ? said.split(password).join('•••') : said;
}

function explainFailure(error: unknown, host: string, port: number): string {
  const failure = (error ?? {}) as { code?: string; responseCode?: number; response?: string; message?: string };
  const code = failure.code ?? '';
  const text = `${failure.message ?? ''}`;
  const where = `${host}:${port}`;
  const reply = typeof failure.response === 'string' ? quoteReply(failure.response) : '';
  if (code === 'EAUTH' || failure.responseCode === 535) {
    return `The mail server refused the user name or password${reply}. Check them in the SMTP settings.`;
  }
  if (code === 'ENOAUTH') return 'The mail server asks for a user name and password: fill them in and save.';
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(text)) {
    return `Could not find the mail server ${host}: check the server name.`;
  }
  if (/ECONNREFUSED/.test(text)) {
    return `Could not reach ${where}: nothing answers on that port. Check the server name, port and security.`;
  }
  if (code === 'ETIMEDOUT' || /timeout|timed out/i.test(text)) {
    return `Could not reach ${where}: the server did not answer in time. Check the server name and port (587 for STARTTLS, 465 for TLS), or a firewall.`;
  }
  if (code === 'ETLS' || code === 'EREQUIRETLS' || /certificate|ssl|tls|wrong version number/i.test(text)) {
    return `The secure connection to ${where} failed: the security setting may not match the port (587 usually takes STARTTLS, 465 TLS), or the server's certificate is not valid.`;
  }
  if (code === 'EENVELOPE') {
    return `The mail server refused the sender or recipient${reply}. Check the sender address: many servers only send from their own addresses.`;
  }
  if (code === 'ECONNECTION' || code === 'ESOCKET' || /ECONNRESET|EHOSTUNREACH|ENETUNREACH/.test(text)) {
    return `Could not reach ${where}: the connection failed. Check the server name, port and security.`;
  }
  if (code === 'EMESSAGE' || code === 'EPROTOCOL') return `The mail server refused the message${reply}.`;
  return `The mail server did not accept the message${reply}.`;
}

/** The SMTP server's reply line, short and without anything that looks like a credential. */
function quoteReply(response: string): string {
  const line =
    response
      .split(/\r?\n/)[0]
      ?.replace(/[^\x20-\x7e]/g, '')
      .trim() ?? '';
  return line ? ` (it said: "${line.slice(0, 160)}")` : '';
}

/** RFC 2047 encoded-word for header text that is not plain ASCII (subjects with —, names with é). */
function encodeHeader(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

/**
 * An address header (`Name <a@b>`): only the display name may be an encoded word (RFC 2047), so a
 * name in Arabic is encoded and the address itself left readable to every mail server.
 */
function encodeAddress(value: string): string {
  const match = /^(.*\S)\s*<([^<>\s]+)>$/.exec(value.replace(/[\r\n]+/g, ' ').trim());
  if (!match) return encodeHeader(value);
  const [, name = '', address = ''] = match;
  return /^[\x20-\x7e]*$/.test(name)
    ? `${name} <${address}>`
    : `${encodeHeader(name.replace(/^"|"$/g, ''))} <${address}>`;
}

/** The headers every outbox message starts with, up to MIME-Version. */
function envelopeHeaders(mail: Mail & { from: string }, messageId: string): string[] {
  return [
    `From: ${encodeAddress(mail.from)}`,
    `To: ${encodeHeader(mail.to)}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    ...(mail.replyTo ? [`Reply-To: ${encodeAddress(mail.replyTo)}`] : []),
    `Message-ID: ${messageId}`,
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
  ];
}

/** A complete single-part text/plain message (8bit UTF-8 body, LF line ends like the rest of the outbox). */
export function composePlainMessage(mail: Mail & { from: string }, messageId: string): string {
  return [
    ...envelopeHeaders(mail, messageId),
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.text.replace(/\r\n/g, '\n'),
  ].join('\n');
}

/**
 * A complete multipart/alternative message (RFC 2046 §5.1.4): the text part first, as the plain
 * message writes it (8bit UTF-8), then the HTML part in base64 lines of 76 (HTML filled with a
 * merchant's long paragraph could pass SMTP's 998-octet line limit in 8bit). Written by hand like
 * the plain message, for the same reason (decision 032 measured it): nodemailer's composer costs
 * about a millisecond of the event loop per message, this a few tens of microseconds. `unique`
 * makes the boundary (a random id: it cannot occur in the text, and base64 has no `_`).
 */
export function composeAlternativeMessage(
  mail: Mail & { from: string; html: string },
  messageId: string,
  unique: string,
): string {
  const boundary = `=_cedar_${unique.replace(/[^A-Za-z0-9]/g, '')}`;
  const html = Buffer.from(mail.html, 'utf8').toString('base64');
  const htmlLines: string[] = [];
  for (let at = 0; at < html.length; at += 76) htmlLines.push(html.slice(at, at + 76));
  return [
    ...envelopeHeaders(mail, messageId),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.text.replace(/\r\n/g, '\n'),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    ...htmlLines,
    `--${boundary}--`,
    '',
  ].join('\n');
}

/**
 * Why a mail was not sent, in the merchant's words and without a secret, for whichever route it
 * took: the Email settings' SMTP server, else SMTP_URL, else the outbox folder (the message
 * outbox's `last_error`).
 */
export function explainMailFailure(
  error: unknown,
  route: { host: string; port: number; password: string | null },
  smtpUrl: string | undefined,
): string {
  if (route.host) return explainMailError(error, route.host, route.port, route.password);
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    return explainMailError(error, url.hostname, Number(url.port) || 587, decodeURIComponent(url.password) || null);
  }
  return 'Could not write the mail to the outbox folder.';
}
