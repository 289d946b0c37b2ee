/**
 * Reads an outbox `.eml` as a mail client would: the headers, the plain-text part and the HTML
 * part (decision 032: order mails are multipart/alternative, everything else plain text). Parts are
 * decoded from 8bit, base64 or quoted-printable, so a test reads the words, not the encoding.
 */
export interface MailParts {
  /** The message's own header lines, as written. */
  headers: string;
  /** The text/plain part (the whole body of a plain message). */
  text: string;
  /** The text/html part, or null for a plain message. */
  html: string | null;
}

function split(raw: string): { head: string; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const at = normalized.indexOf('\n\n');
  return at === -1 ? { head: normalized, body: '' } : { head: normalized.slice(0, at), body: normalized.slice(at + 2) };
}

function header(head: string, name: string): string {
  // Unfolded: a header continued on the next line (leading space) is one header.
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  return unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
}

function decode(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

export function mailParts(raw: string): MailParts {
  const { head, body } = split(raw);
  const type = header(head, 'Content-Type');
  const boundary = /multipart\/alternative;.*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return { headers: head, text: decode(body, header(head, 'Content-Transfer-Encoding')), html: null };
  let text = '';
  let html: string | null = null;
  const sections = body.split(`--${boundary}`).slice(1);
  for (const section of sections) {
    if (section.startsWith('--')) break;
    const part = split(section.replace(/^\n/, ''));
    const content = decode(part.body.replace(/\n$/, ''), header(part.head, 'Content-Transfer-Encoding'));
    const partType = header(part.head, 'Content-Type').toLowerCase();
    if (partType.startsWith('text/plain')) text = content;
    else if (partType.startsWith('text/html')) html = content;
  }
  return { headers: head, text, html };
}

/** The message as tests read it: its headers, a blank line, and the text part. */
export function readableMail(raw: string): string {
  const { headers, text } = mailParts(raw);
  return `${headers}\n\n${text}`;
}
