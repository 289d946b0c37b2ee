import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compiledFileOf, compiledTemplatesModule, MAIL_TEMPLATES } from '../../scripts/mail-templates.ts';

/**
 * The mails' templates are compiled ahead of time (decision 032: MJML to HTML, then Handlebars'
 * precompiler) and committed: this makes them again and fails when a committed file no longer
 * matches its .mjml and .text.hbs (run `npm run mail:templates`). The order mails and the staff
 * invitation.
 */
describe('mail templates', () => {
  it.each(MAIL_TEMPLATES.map((template) => [template.name, template] as const))(
    '%s.compiled.ts is made from its sources as they stand',
    async (_name, template) => {
      expect(readFileSync(compiledFileOf(template), 'utf8'), 'run npm run mail:templates').toBe(
        await compiledTemplatesModule(template),
      );
    },
  );
});
