import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPILED_FILE, compiledTemplatesModule } from '../../scripts/mail-templates.ts';

/**
 * The order mails' templates are compiled ahead of time (decision 032: MJML to HTML, then
 * Handlebars' precompiler) and committed: this makes them again and fails when the committed file
 * no longer matches order-mail.mjml and order-mail.text.hbs (run `npm run mail:templates`).
 */
describe('order mail templates', () => {
  it('order-mail.compiled.ts is made from its sources as they stand', async () => {
    expect(readFileSync(COMPILED_FILE, 'utf8'), 'run npm run mail:templates').toBe(await compiledTemplatesModule());
  });
});
