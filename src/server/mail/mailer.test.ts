import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composePlainMessage, createMailer } from './mailer.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('mailer without SMTP', () => {
  it('writes each message to the outbox as a complete .eml file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const mailer = createMailer({ outboxDir: path.join(dir, 'outbox'), from: 'Cedar Shop <shop@cedar.test>' });
    const sent = await mailer.send({
      to: 'buyer@example.com',
      subject: 'Order CS-000001 received',
      text: 'Thank you, Rania.',
    });
    expect(sent.transport).toBe('outbox');
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toEqual([sent.id]);
    expect(sent.id).toMatch(/\.eml$/);
    const message = await readFile(path.join(dir, 'outbox', sent.id), 'utf8');
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
