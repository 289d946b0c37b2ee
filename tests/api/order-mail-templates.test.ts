import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMailTemplate, MAIL_TEMPLATES, templateModule } from '../../scripts/mail-templates.ts';

/**
 * The order mails' HTML is compiled from MJML ahead of time (decision 032) and committed: this
 * compiles it again and fails when the committed file no longer matches its .mjml (run
 * `npm run mail:templates`).
 */
describe('order mail templates', () => {
  it.each(MAIL_TEMPLATES)('$target is compiled from $source as it stands', async ({ source, target, name }) => {
    const html = await compileMailTemplate(source);
    const committed = readFileSync(path.resolve('src/server/mail/templates', target), 'utf8');
    expect(committed, 'run npm run mail:templates').toBe(templateModule(name, source, html));
    // Values go in escaped: the template never writes a value unescaped ({{{ }}}).
    expect(html).not.toContain('{{{');
  });
});
