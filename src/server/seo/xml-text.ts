/**
 * Characters XML 1.0 does not allow at all, even escaped: C0 controls other than tab, newline and
 * carriage return, lone surrogates, and U+FFFE/U+FFFF. One of them would make a feed reader reject
 * the whole document, so they are dropped rather than escaped.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `value` as XML text or a double-quoted attribute value. */
export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
