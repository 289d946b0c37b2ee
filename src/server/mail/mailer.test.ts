import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeAlternativeMessage, composePlainMessage, createMailer } from './mailer.ts';
import { readOutbox } from './outbox-file.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('mailer without SMTP', () => {
  it('appends each message, whole, to the day’s mail file of the outbox', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const mailer = createMailer({ outboxDir: path.join(dir, 'outbox'), from: 'Cedar Shop <shop@cedar.test>' });
    const sent = await mailer.send({
      to: 'buyer@example.com',
      subject: 'Order CS-000001 received',
      text: 'Thank you, Rania.',
    });
    expect(sent.transport).toBe('outbox');
    await mailer.send({ to: 'second@example.com', subject: 'Another', text: 'From the shop: hello.' });
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toEqual([expect.stringMatching(/^mail-\d{4}-\d{2}-\d{2}\.mbox$/)]);
    expect(sent.id).toMatch(/^mail-\d{4}-\d{2}-\d{2}\.mbox <.+@cedar\.test>$/);
    const [message, second] = await readOutbox(path.join(dir, 'outbox'), 'mail');
    expect(second).toContain('\n\nFrom the shop: hello.');
    expect(message).toContain('To: buyer@example.com');
    expect(message).toContain('From: Cedar Shop <shop@cedar.test>');
    expect(message).toContain('Subject: Order CS-000001 received');
    expect(message).toContain('Thank you, Rania.');
  });
});

describe('composePlainMessage', () => {
  it('encodes non-ASCII headers and keeps the UTF-8 body as is', () => {
    const message = composePlainMessage(
      {
        from: 'Cedar Shop <shop@cedar.test>',
        to: 'rania@example.com',
        subject: 'Order CS-100001 — $12.00',
        text: '2 × Nano',
      },
      '<id@cedar.test>',
    );
    expect(message).toContain(`Subject: =?UTF-8?B?${Buffer.from('Order CS-100001 — $12.00').toString('base64')}?=`);
    expect(message).toContain('Content-Type: text/plain; charset=utf-8');
    expect(message.endsWith('\n\n2 × Nano')).toBe(true);
    expect(message).not.toContain('Reply-To:');
  });

  it('encodes only the name of an address: an Arabic name in Reply-To, the address readable', () => {
    const message = composePlainMessage(
      {
        from: 'متجر الأرز <shop@cedar.test>',
        to: 'shop@cedar.test',
        subject: 'Hi',
        text: '.',
        replyTo: 'نادين خوري <nadine@example.com>',
      },
      '<id@cedar.test>',
    );
    const encoded = (name: string) => `=?UTF-8?B?${Buffer.from(name).toString('base64')}?=`;
    expect(message).toContain(`From: ${encoded('متجر الأرز')} <shop@cedar.test>`);
    expect(message).toContain(`Reply-To: ${encoded('نادين خوري')} <nadine@example.com>`);
  });
});

describe('composeAlternativeMessage', () => {
  const html = `<!doctype html><p>${'Shukran — '.repeat(40)}</p>`;
  const message = composeAlternativeMessage(
    {
      from: 'Cedar Shop <shop@cedar.test>',
      to: 'rania@example.com',
      subject: 'Hi',
      text: 'Line one\r\n2 × Nano',
      html,
    },
    '<id@cedar.test>',
    '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  );
  const boundary = '=_cedar_1b4e28ba2fa111d2883f0016d3cca427';

  it('is multipart/alternative: the text part first as the plain writer writes it, then the HTML', () => {
    const [head = '', body = ''] = message.split(/\n\n([\s\S]*)/);
    expect(head).toContain('MIME-Version: 1.0');
    expect(head).toContain(`Content-Type: multipart/alternative; boundary="${boundary}"`);
    const parts = body.split(`--${boundary}`);
    // Preamble (empty), text, HTML, and the closing "--".
    expect(parts).toHaveLength(4);
    expect(parts[1]).toBe(
      '\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\nLine one\n2 × Nano\n',
    );
    expect(parts[2]).toMatch(/^\nContent-Type: text\/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n/);
    expect(parts[3]).toBe('--\n');
  });

  it('carries the HTML in base64 lines of at most 76 characters, decoding to the HTML', () => {
    const encoded = (message.split(`--${boundary}`)[2] ?? '').split('\n\n')[1] ?? '';
    const lines = encoded.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(76);
    expect(Buffer.from(lines.join(''), 'base64').toString('utf8')).toBe(html);
  });
});
