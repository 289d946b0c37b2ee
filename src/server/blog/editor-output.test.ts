import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './post-html.ts';

/**
 * The admin's rich-text editor writes HTML the sanitiser keeps as it is (docs/product.md#post-html):
 * tests/fixtures/editor-output.html is what the editor produces for a post with every kind of
 * content (src/web/admin/editor/editor-output.test.tsx checks that, so the two stay in step).
 */
const EDITOR_OUTPUT = readFileSync(
  new URL('../../../tests/fixtures/editor-output.html', import.meta.url),
  'utf8',
).trim();

/**
 * What differs only in spelling, not in content: the sanitiser writes `<br />` for `<br>` and
 * `&quot;` for a quote in text, and adds its own ids to h2 and h3 (for the table of contents).
 */
function spelling(html: string): string {
  return html
    .replace(/ \/>/g, '>')
    .replace(/<(h2|h3) id="section[a-z0-9-]*">/g, '<$1>')
    .replace(/>[^<]*</g, (segment) => segment.replace(/&quot;/g, '"'));
}

describe('the editor’s HTML through the sanitiser', () => {
  it('comes out with the same tags, attributes and text', () => {
    const clean = sanitizePostHtml(EDITOR_OUTPUT);
    expect(spelling(clean)).toBe(EDITOR_OUTPUT);
  });

  it('keeps every link, image and product card the editor wrote', () => {
    const clean = sanitizePostHtml(EDITOR_OUTPUT);
    for (const piece of [
      '<a href="/product/arduino-uno-r4">',
      '<a href="https://docs.arduino.cc/" rel="noopener noreferrer nofollow" target="_blank">',
      '<a href="mailto:shop@example.com">',
      '<a href="tel:+9611234567">',
      '<img src="/uploads/0123456789abcdef0123456789abcdef-1600.webp" alt="An Uno on a bench" width="1600" height="1200" loading="lazy" />',
      '<div data-product-card="arduino-uno-r4"></div>',
      '<code class="language-cpp">',
      '<td colspan="2">',
      '<ol start="3">',
      '<h2 id="section-choosing-an-arduino-board">',
    ]) {
      expect(clean).toContain(piece);
    }
  });
});
