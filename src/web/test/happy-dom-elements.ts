import HTMLElementConfig from 'happy-dom/lib/config/HTMLElementConfig.js';
import HTMLElementConfigContentModelEnum from 'happy-dom/lib/config/HTMLElementConfigContentModelEnum.js';

/**
 * Setup file of the `web` project (vitest.config.ts): elements of the HTML standard that the
 * browsers we support draw but happy-dom 21 does not know yet. happy-dom makes them
 * HTMLUnknownElements, and React then reports "The tag <search> is unrecognized in this browser"
 * on console.error, which fails the test (console-error-fails.ts). The lists' and the header's
 * search landmark is a `<search>` (Chromium 118+, Safari 17+, Firefox 118+).
 */
const config = HTMLElementConfig as Record<
  string,
  { className: string; contentModel: HTMLElementConfigContentModelEnum }
>;
config.search ??= { className: 'HTMLElement', contentModel: HTMLElementConfigContentModelEnum.anyDescendants };
