import { describe, expect, it } from 'vitest';
import {
  extractHeadings,
  plainText,
  postExcerpt,
  productCardRefs,
  readingTimeMinutes,
  sanitizePostHtml,
} from './post-html.ts';

/** What must never survive: script elements, event handler attributes, script-bearing URLs. */
function assertNothingDangerous(output: string) {
  expect(output).not.toMatch(/<script/i);
  expect(output).not.toMatch(/<(svg|math|iframe|object|embed|form|input|style|template|noscript|meta|base|link)\b/i);
  // Attribute names are what is left of the tags once the quoted values are taken out.
  const tags = (output.match(/<[^>]*>/g) ?? []).map((tag) => tag.replace(/"[^"]*"/g, '""'));
  for (const tag of tags) {
    expect(tag).not.toMatch(/\son\w+\s*=/i);
    expect(tag).not.toMatch(/\s(style|name|srcset|formaction|xlink:href)\s*=/i);
  }
  // The only ids are the headings' own, the only classes code languages.
  for (const [, id] of output.matchAll(/\sid="([^"]*)"/g)) expect(id).toMatch(/^section(-[\p{L}\p{N}-]+)?$/u);
  for (const [, value] of output.matchAll(/\sclass="([^"]*)"/g)) expect(value).toMatch(/^language-[\w+#.-]+$/);
  expect(output).not.toMatch(/\s(href|src)\s*=\s*"[^"]*(javascript|vbscript|data):/i);
  // Nor hidden in a URL by entities, controls or spaces.
  for (const [, url = ''] of output.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
    expect(url.replace(/&[#\w]+;?|[\s\u0000-\u001f\u200b]/g, '')).not.toMatch(/^(javascript|vbscript|data):/i);
  }
}

/** The XSS corpus: input → exact safe output. */
const XSS: readonly [string, string, string][] = [
  // Script elements and their content go; text around them stays.
  ['script tag', 'a<script>alert(1)</script>b', 'ab'],
  ['script with src', '<script src="https://evil.test/x.js"></script><p>ok</p>', '<p>ok</p>'],
  ['upper-case script', '<SCRIPT>alert(1)</SCRIPT>', ''],
  ['split script tag', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ['script in a paragraph', '<p>Hi<script>document.cookie</script></p>', '<p>Hi</p>'],
  // Event handlers on many tags.
  ['img onerror', '<img src=x onerror=alert(1)>', ''],
  [
    'img onerror with a good src',
    '<img src="/uploads/a.png" onerror="alert(1)">',
    '<img src="/uploads/a.png" loading="lazy" />',
  ],
  ['p onclick', '<p onclick="alert(1)">x</p>', '<p>x</p>'],
  ['a onmouseover', '<a href="/x" onmouseover="alert(1)">x</a>', '<a href="/x">x</a>'],
  ['h2 onfocus autofocus', '<h2 onfocus="alert(1)" autofocus tabindex="0">T</h2>', '<h2 id="section-t">T</h2>'],
  [
    'table onpointerenter',
    '<table onpointerenter="alert(1)"><tr><td onclick="x">1</td></tr></table>',
    '<table><tr><td>1</td></tr></table>',
  ],
  [
    'div product card with onclick',
    '<div data-product-card="oak" onclick="alert(1)"></div>',
    '<div data-product-card="oak"></div>',
  ],
  ['body onload', '<body onload="alert(1)"><p>x</p></body>', '<p>x</p>'],
  ['details ontoggle', '<details open ontoggle="alert(1)"><summary>s</summary></details>', 's'],
  ['video onerror', '<video><source onerror="alert(1)"></video>', ''],
  ['marquee onstart', '<marquee onstart="alert(1)">m</marquee>', 'm'],
  // javascript: URLs in their disguises: the link goes, its text stays.
  ['javascript: href', '<a href="javascript:alert(1)">x</a>', 'x'],
  ['upper-case scheme', '<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
  ['entity tab in the scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>', 'x'],
  ['entity newline in the scheme', '<a href="jav&#x0A;ascript:alert(1)">x</a>', 'x'],
  ['raw tab and newline in the scheme', '<a href="java\tscr\nipt:alert(1)">x</a>', 'x'],
  ['decimal entity first letter', '<a href="&#106;avascript:alert(1)">x</a>', 'x'],
  ['padded decimal entities, no semicolons', '<a href="&#0000106&#0000097vascript:alert(1)">x</a>', 'x'],
  [
    'every letter hex-encoded',
    '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
    'x',
  ],
  ['named colon entity', '<a href="javascript&colon;alert(1)">x</a>', 'x'],
  ['leading spaces and newlines', '<a href=" \n\t javascript:alert(1)">x</a>', 'x'],
  ['leading control character', '<a href="\u0001javascript:alert(1)">x</a>', 'x'],
  ['zero-width space in the scheme', '<a href="java\u200bscript:alert(1)">x</a>', 'x'],
  ['unquoted javascript href', '<a href=javascript:alert(1)>x</a>', 'x'],
  ['vbscript', '<a href="vbscript:msgbox(1)">x</a>', 'x'],
  ['javascript img src', '<img src="javascript:alert(1)">', ''],
  ['javascript img src with an entity newline', '<IMG SRC="jav&#x0A;ascript:alert(1)">', ''],
  // data: URLs.
  ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', 'x'],
  ['data: image', '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="a">', ''],
  ['upper-case DATA:', '<a href=" DATA:text/html,<script>alert(1)</script>">x</a>', 'x'],
  // SVG and MathML.
  ['svg onload', '<svg onload="alert(1)"></svg>', ''],
  ['svg script', '<svg><script>alert(1)</script></svg>', ''],
  ['svg link with xlink:href', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', 'x'],
  ['svg animate', '<svg><animate onbegin="alert(1)" attributeName="x" dur="1s"></animate></svg>', ''],
  ['mathml link', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>', 'x'],
  ['mathml style confusion', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', '<table></table>'],
  // Style injection.
  ['style element', '<style>body{background:url(javascript:alert(1))}</style><p>x</p>', '<p>x</p>'],
  ['style attribute', '<p style="color:red">x</p>', '<p>x</p>'],
  ['expression() in style', '<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
  ['link stylesheet', '<link rel="stylesheet" href="https://evil.test/x.css"><p>x</p>', '<p>x</p>'],
  ['class on a paragraph', '<p class="admin-only hidden">x</p>', '<p>x</p>'],
  // Embedding and forms.
  ['iframe', '<iframe src="https://evil.test"></iframe>', ''],
  ['iframe javascript src with content', '<iframe src=javascript:alert(1)><p>x</p></iframe>', ''],
  ['object and embed', '<object data="x.swf"><embed src="x.swf"></object>', ''],
  ['form', '<form action="https://evil.test"><input name="card"><button>Pay</button></form>', 'Pay'],
  ['textarea', '<textarea><script>alert(1)</script></textarea>', ''],
  ['select option', '<select><option><img src=x onerror=alert(1)></option></select>', ''],
  ['template', '<template><script>alert(1)</script></template>t', 't'],
  ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ['xmp', '<p>a<xmp><img src=x onerror=1></xmp></p>', '<p>a</p>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  ['base href', '<base href="https://evil.test/"><a href="/x">x</a>', '<a href="/x">x</a>'],
  // Nested and malformed markup: whatever the parser makes of it, the output is well formed and inert.
  ['unclosed tags are closed', '<p><strong>unclosed', '<p><strong>unclosed</strong></p>'],
  ['stray closing tags', '</p></div>text</h2>', '<p></p>text'],
  ['doubled angle brackets', '<<p>>x<</p>>', '&lt;<p>&gt;x&lt;</p>&gt;'],
  ['script inside a quoted attribute', '<p title=">"<script>alert(1)</script>">x</p>', '<p>alert(1)"&gt;x</p>'],
  ['attributes without spaces', '<a href="/x"title="t"onclick=alert(1)>x</a>', '<a href="/x" title="t">x</a>'],
  ['slashes between attributes', '<img/src="/a.png"/onerror=alert(1)>', '<img src="/a.png" loading="lazy" />'],
  ['spaces in closing tags', '<p>a</p ><script >alert(1)</script >', '<p>a</p>'],
  ['comment trick', '<!--><script>alert(1)</script>-->', '--&gt;'],
  ['bare ampersands and angle brackets', '<p>1 < 2 && 3 > 2</p>', '<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>'],
  // Comments and CDATA go; escaped tags stay text.
  ['comment', '<!-- <script>alert(1)</script> --><p>a</p>', '<p>a</p>'],
  ['conditional comment', '<!--[if IE]><script>alert(1)</script><![endif]-->x', 'x'],
  ['CDATA', '<![CDATA[<script>alert(1)</script>]]><p>a</p>', '<p>a</p>'],
  ['entity-encoded tags', '&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ['double-encoded tags', '&amp;lt;script&amp;gt;', '&amp;lt;script&amp;gt;'],
  // Attribute break-outs.
  [
    'quote in a title',
    '<a href="/x" title="a&quot; onclick=&quot;alert(1)">x</a>',
    '<a href="/x" title="a&quot; onclick=&quot;alert(1)">x</a>',
  ],
  [
    'angle brackets in alt',
    '<img src="/a.png" alt="<script>alert(1)</script>">',
    '<img src="/a.png" alt="&lt;script&gt;alert(1)&lt;/script&gt;" loading="lazy" />',
  ],
  // Protocol-relative links count as other sites (kept, with rel and target); images need a scheme or a path.
  [
    'protocol-relative link',
    '<a href="//evil.test/x">x</a>',
    '<a href="//evil.test/x" rel="noopener noreferrer nofollow" target="_blank">x</a>',
  ],
  [
    'backslash protocol-relative link',
    '<a href="/\\evil.test">x</a>',
    '<a href="/\\evil.test" rel="noopener noreferrer nofollow" target="_blank">x</a>',
  ],
  ['protocol-relative image', '<img src="//evil.test/pixel.gif">', ''],
  ['relative image without a leading slash', '<img src="pixel.gif">', ''],
  // Other sites' links get rel and target whatever was sent.
  [
    'external link keeps no opener',
    '<a href="https://evil.test" rel="opener" target="_self">x</a>',
    '<a href="https://evil.test" rel="noopener noreferrer nofollow" target="_blank">x</a>',
  ],
  ['a named window target', '<a href="/x" target="evil">x</a>', '<a href="/x">x</a>'],
  // Ids, names and classes cannot be forged (no DOM clobbering, no page styles).
  ['forged id and name', '<p id="main-content"><a name="config" href="/x">x</a></p>', '<p><a href="/x">x</a></p>'],
  [
    'forged product card value',
    '<div data-product-card="x&quot;><script>alert(1)</script>"><p>t</p></div>',
    '<p>t</p>',
  ],
  [
    'code class other than a language',
    '<code class="x language-js" data-x="1">c</code>',
    '<code class="language-js">c</code>',
  ],
];

describe('sanitizePostHtml: the XSS corpus (docs/product.md#post-html)', () => {
  it.each(XSS)('%s', (_name, input, safe) => {
    const output = sanitizePostHtml(input);
    expect(output).toBe(safe);
    assertNothingDangerous(output);
  });

  it('is idempotent over the whole corpus', () => {
    for (const [name, input] of XSS) {
      const once = sanitizePostHtml(input);
      expect(sanitizePostHtml(once), name).toBe(once);
    }
  });

  it('stays safe and idempotent inside every kind of kept block', () => {
    const wrappers = [
      (x: string) => `<h2>${x}</h2>`,
      (x: string) => `<p><a href="/x">${x}</a></p>`,
      (x: string) => `<table><tr><td>${x}</td></tr></table>`,
      (x: string) => `<div data-product-card="p">${x}</div>`,
      (x: string) => `<pre><code class="language-html">${x}</code></pre>`,
      (x: string) => `<ul><li>${x}</li></ul><blockquote>${x}</blockquote>`,
    ];
    for (const [name, input] of XSS) {
      for (const wrap of wrappers) {
        const once = sanitizePostHtml(wrap(input));
        assertNothingDangerous(once);
        expect(sanitizePostHtml(once), `${name} in ${wrap('…')}`).toBe(once);
      }
    }
  });

  it('leaves nothing dangerous when the corpus is sanitised as one document', () => {
    const all = XSS.map(([, input]) => input).join('\n');
    const output = sanitizePostHtml(all);
    assertNothingDangerous(output);
    expect(sanitizePostHtml(output)).toBe(output);
  });
});

/** A post as the editor saves it: every kind of block the toolbar makes. */
const TIPTAP_POST = [
  '<h2>Caring for cedar</h2>',
  '<p>Cedar is <strong>tough</strong>, <em>fragrant</em>, <u>easy</u> and <s>expensive</s>. Read <a href="/blog/oiling" title="Oiling">our guide</a> or <a href="https://example.org/wood" target="_blank" rel="noopener noreferrer nofollow">the wood handbook</a>.<br>Questions? <a href="mailto:hello@example.com">Write to us</a>.</p>',
  '<h3>What you need</h3>',
  '<ul><li><p>A soft cloth</p></li><li><p>Oil</p><ol start="3"><li><p>Linseed</p></li></ol></li></ul>',
  '<blockquote><p>Oil it twice a year.</p></blockquote>',
  '<pre><code class="language-bash">echo "oil &amp; wax" &gt; notes.txt</code></pre>',
  '<p>Inline <code>code</code> too.</p>',
  '<table><colgroup><col><col></colgroup><tbody><tr><th colspan="1" rowspan="1"><p>Finish</p></th><th colspan="2" rowspan="1"><p>Months</p></th></tr><tr><td colspan="1" rowspan="1"><p>Oil</p></td><td colspan="1" rowspan="1"><p>6</p></td><td colspan="1" rowspan="1"><p>12</p></td></tr></tbody></table>',
  '<figure><img src="/uploads/2026/cedar-bench.webp" alt="A cedar bench" title="Bench" width="1200" height="800"><figcaption>The bench after oiling</figcaption></figure>',
  '<img src="https://cdn.example.com/a.jpg" alt="">',
  '<hr>',
  '<div data-product-card="cedar-bench"></div>',
  '<div data-product-card="0b6e8d2c-3f4a-4c55-9a1e-7d2f4b9c8e11"></div>',
  '<h4>Small print</h4>',
  '<p>Ask us.</p>',
].join('');

const TIPTAP_POST_CLEAN = [
  '<h2 id="section-caring-for-cedar">Caring for cedar</h2>',
  '<p>Cedar is <strong>tough</strong>, <em>fragrant</em>, <u>easy</u> and <s>expensive</s>. Read <a href="/blog/oiling" title="Oiling">our guide</a> or <a href="https://example.org/wood" rel="noopener noreferrer nofollow" target="_blank">the wood handbook</a>.<br />Questions? <a href="mailto:hello@example.com">Write to us</a>.</p>',
  '<h3 id="section-what-you-need">What you need</h3>',
  '<ul><li><p>A soft cloth</p></li><li><p>Oil</p><ol start="3"><li><p>Linseed</p></li></ol></li></ul>',
  '<blockquote><p>Oil it twice a year.</p></blockquote>',
  '<pre><code class="language-bash">echo "oil &amp; wax" &gt; notes.txt</code></pre>',
  '<p>Inline <code>code</code> too.</p>',
  '<table><colgroup><col /><col /></colgroup><tbody><tr><th colspan="1" rowspan="1"><p>Finish</p></th><th colspan="2" rowspan="1"><p>Months</p></th></tr><tr><td colspan="1" rowspan="1"><p>Oil</p></td><td colspan="1" rowspan="1"><p>6</p></td><td colspan="1" rowspan="1"><p>12</p></td></tr></tbody></table>',
  '<figure><img src="/uploads/2026/cedar-bench.webp" alt="A cedar bench" title="Bench" width="1200" height="800" loading="lazy" /><figcaption>The bench after oiling</figcaption></figure>',
  '<img src="https://cdn.example.com/a.jpg" alt="" loading="lazy" />',
  '<hr />',
  '<div data-product-card="cedar-bench"></div>',
  '<div data-product-card="0b6e8d2c-3f4a-4c55-9a1e-7d2f4b9c8e11"></div>',
  '<h4>Small print</h4>',
  '<p>Ask us.</p>',
].join('');

describe('sanitizePostHtml: what the editor makes is kept', () => {
  it('keeps a realistic editor document (headings get ids, voids close, images load lazily)', () => {
    expect(sanitizePostHtml(TIPTAP_POST)).toBe(TIPTAP_POST_CLEAN);
  });

  it('is idempotent on it', () => {
    expect(sanitizePostHtml(TIPTAP_POST_CLEAN)).toBe(TIPTAP_POST_CLEAN);
  });

  it('maps pasted markup onto the editor’s own: b, i, strike, del, h1, h5, h6', () => {
    expect(sanitizePostHtml('<p><b>b</b><i>i</i><strike>s</strike><del>d</del></p>')).toBe(
      '<p><strong>b</strong><em>i</em><s>s</s><s>d</s></p>',
    );
    expect(sanitizePostHtml('<h1>Top</h1><h5>Five</h5><h6>Six</h6>')).toBe(
      '<h2 id="section-top">Top</h2><h4>Five</h4><h4>Six</h4>',
    );
  });

  it('gives internal links opened in a new tab noopener, and contact links no target', () => {
    expect(sanitizePostHtml('<a href="/shop" target="_blank">s</a><a href="tel:+441234" target="_blank">t</a>')).toBe(
      '<a href="/shop" rel="noopener noreferrer" target="_blank">s</a><a href="tel:+441234">t</a>',
    );
  });

  it('keeps query strings, fragments and relative paths of links, escaped', () => {
    expect(sanitizePostHtml('<a href="?q=1&b=2">q</a><a href="#section-x">f</a><a href="guide">g</a>')).toBe(
      '<a href="?q=1&amp;b=2">q</a><a href="#section-x">f</a><a href="guide">g</a>',
    );
  });

  it('drops a link’s tab and newline characters as a browser would, and trims it', () => {
    expect(sanitizePostHtml('<a href="  https://exa\nmple.org/a\tb  ">x</a>')).toBe(
      '<a href="https://example.org/ab" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });

  it('keeps only whole-number sizes, spans and list starts', () => {
    expect(
      sanitizePostHtml(
        '<img src="/a.png" width="100px" height="-1"><ol start="x"><li>a</li></ol><table><tr><td colspan="2; x" rowspan="3">c</td></tr></table>',
      ),
    ).toBe('<img src="/a.png" loading="lazy" /><ol><li>a</li></ol><table><tr><td rowspan="3">c</td></tr></table>');
  });

  it('empties a product card and puts what was inside after it; lower-cases the reference', () => {
    expect(
      sanitizePostHtml(
        '<div data-product-card="Oak-Table"><p>x</p><div data-product-card="b"></div></div><div>plain</div>',
      ),
    ).toBe('<div data-product-card="oak-table"></div><p>x</p><div data-product-card="b"></div>plain');
  });

  it('drops a product card whose reference is not [a-z0-9-]{1,120}', () => {
    for (const ref of ['', 'a b', 'a_b', 'a/b', 'ä', 'x'.repeat(121)]) {
      expect(sanitizePostHtml(`<div data-product-card="${ref}"></div>`), ref).toBe('');
    }
    expect(sanitizePostHtml(`<div data-product-card="${'x'.repeat(120)}"></div>`)).toBe(
      `<div data-product-card="${'x'.repeat(120)}"></div>`,
    );
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizePostHtml('')).toBe('');
  });
});

describe('headings and the table of contents', () => {
  it('gives h2 and h3 ids from their text, unique within the post, and leaves h4 alone', () => {
    const html =
      '<h2>Hello &amp; World</h2><h3>Hello, world!</h3><h2>Hello world</h2><h4>Deep</h4><h2>Crème brûlée</h2>';
    expect(sanitizePostHtml(html)).toBe(
      '<h2 id="section-hello-world">Hello &amp; World</h2><h3 id="section-hello-world-2">Hello, world!</h3><h2 id="section-hello-world-3">Hello world</h2><h4>Deep</h4><h2 id="section-creme-brulee">Crème brûlée</h2>',
    );
  });

  it('replaces ids sent with the headings, and a heading that slugs to a taken id is numbered on', () => {
    expect(sanitizePostHtml('<h2 id="evil">A</h2><h2>A 2</h2><h2>A</h2>')).toBe(
      '<h2 id="section-a">A</h2><h2 id="section-a-2">A 2</h2><h2 id="section-a-3">A</h2>',
    );
  });

  it('reads the text through inline markup, and names an empty heading "section"', () => {
    expect(sanitizePostHtml('<h2>Why <em>cedar</em>?</h2><h3></h3>')).toBe(
      '<h2 id="section-why-cedar">Why <em>cedar</em>?</h2><h3 id="section"></h3>',
    );
  });

  it('keeps ids short', () => {
    const id = /id="([^"]*)"/.exec(sanitizePostHtml(`<h2>${'word '.repeat(40)}</h2>`))?.[1] ?? '';
    expect(id.length).toBeLessThanOrEqual('section-'.length + 80);
    expect(id).toMatch(/^section-word(-word)*$/);
  });

  it('lists h2 and h3 in order with the ids the HTML has, leaving out empty headings', () => {
    expect(extractHeadings(TIPTAP_POST)).toEqual([
      { id: 'section-caring-for-cedar', text: 'Caring for cedar', level: 2 },
      { id: 'section-what-you-need', text: 'What you need', level: 3 },
    ]);
    expect(extractHeadings('<h2>  Two\n words </h2><h3> </h3><h3>A &lt;b&gt; &amp; c</h3>')).toEqual([
      { id: 'section-two-words', text: 'Two words', level: 2 },
      { id: 'section-a-b-c', text: 'A <b> & c', level: 3 },
    ]);
  });

  it('finds no headings in a post without any', () => {
    expect(extractHeadings('<p>Just text</p>')).toEqual([]);
  });
});

describe('productCardRefs', () => {
  it('lists the cards’ references once each, in order of first appearance', () => {
    expect(
      productCardRefs(
        '<div data-product-card="b"></div><p>x</p><div data-product-card="a"></div><div data-product-card="B"></div><div data-product-card="bad ref"></div>',
      ),
    ).toEqual(['b', 'a']);
    expect(productCardRefs(TIPTAP_POST)).toEqual(['cedar-bench', '0b6e8d2c-3f4a-4c55-9a1e-7d2f4b9c8e11']);
  });

  it('ignores the attribute on other tags and in text', () => {
    expect(productCardRefs('<p data-product-card="x">data-product-card="y"</p>')).toEqual([]);
  });
});

describe('plain text, excerpt and reading time', () => {
  it('gives the text alone, blocks separated, entities decoded, spaces collapsed, scripts and cards left out', () => {
    expect(
      plainText(
        '<h2>Title</h2><p>One <b>bold</b>&nbsp;move &amp; more</p><ul><li>a</li><li>b</li></ul><script>x</script><div data-product-card="p"></div>',
      ),
    ).toBe('Title One bold move & more a b');
    expect(plainText('<p>a<br>b</p><p>&lt;tag&gt;</p>')).toBe('a b <tag>');
  });

  it('returns the whole text when it fits', () => {
    expect(postExcerpt('<p>Short post.</p>')).toBe('Short post.');
    expect(postExcerpt('<p>12345</p>', 5)).toBe('12345');
  });

  it('cuts at a word boundary with an ellipsis, within the limit', () => {
    const excerpt = postExcerpt('<p>The quick brown fox jumps over the lazy dog</p>', 20);
    expect(excerpt).toBe('The quick brown fox…');
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(20);
    expect(postExcerpt('<p>Hello, world and more</p>', 10)).toBe('Hello…');
  });

  it('cuts a single long word where it must', () => {
    expect(postExcerpt(`<p>${'a'.repeat(50)}</p>`, 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('defaults to 200 characters and does not split emoji', () => {
    const long = postExcerpt(`<p>${'word '.repeat(100)}</p>`);
    expect(long.endsWith('word…')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(200);
    expect(postExcerpt(`<p>${'🌲'.repeat(20)}</p>`, 5)).toBe('🌲🌲🌲🌲…');
  });

  it('reads 200 words a minute, at least one minute', () => {
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes('<p>Few words</p>')).toBe(1);
    expect(readingTimeMinutes(`<p>${'word '.repeat(1000)}</p>`)).toBe(5);
    // Markup and attributes are not words.
    expect(readingTimeMinutes(`<p>${'<a href="/x" title="many words in a title">w</a> '.repeat(400)}</p>`)).toBe(2);
  });
});
