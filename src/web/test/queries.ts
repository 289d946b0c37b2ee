/**
 * Role queries for the web tests (no testing library in this project): find an element by what a
 * screen reader announces, its role and accessible name, instead of by tag, class or test id.
 * The name is aria-label, else the text of aria-labelledby, else the text content (trimmed).
 */

const ROLES = {
  button: 'button, [role="button"], input[type="submit"], input[type="button"]',
  link: 'a[href], [role="link"]',
  dialog: 'dialog[open], [role="dialog"], [role="alertdialog"]',
  heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
  checkbox: 'input[type="checkbox"], [role="checkbox"]',
  row: 'tr, [role="row"]',
  status: '[role="status"], output',
  alert: '[role="alert"]',
  combobox: '[role="combobox"]',
  option: '[role="option"]',
  group: 'fieldset, [role="group"]',
} as const;

export type Role = keyof typeof ROLES;

export function accessibleName(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const text = labelledBy
      .split(' ')
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
    if (text) return text;
  }
  if (element instanceof HTMLInputElement) return element.value.trim();
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const matches = (name: string, wanted: string | RegExp | undefined) =>
  wanted === undefined || (typeof wanted === 'string' ? name === wanted : wanted.test(name));

/** Every element of `role` under `root` whose accessible name is `name` (or matches it). */
export function allByRole<T extends Element = HTMLElement>(root: ParentNode, role: Role, name?: string | RegExp): T[] {
  return [...root.querySelectorAll<T>(ROLES[role])].filter((element) => matches(accessibleName(element), name));
}

/** The first element of `role` named `name`, or undefined. */
export function byRole<T extends Element = HTMLElement>(
  root: ParentNode,
  role: Role,
  name?: string | RegExp,
): T | undefined {
  return allByRole<T>(root, role, name)[0];
}

/** The button named `name` (its label or its words). */
export const buttonByText = (root: ParentNode, name: string | RegExp) =>
  byRole<HTMLButtonElement>(root, 'button', name);

/**
 * The element whose aria-label is `label`, whatever its role: an icon button, a group of status
 * tabs, the bulk-action bar, a row's checkbox. For a named button or link prefer `byRole`.
 */
export const byLabel = <T extends Element = HTMLElement>(root: ParentNode, label: string) =>
  root.querySelector<T>(`[aria-label="${CSS.escape(label)}"]`);

/** A table's body as text, row by row and cell by cell: what a list screen shows. */
export const tableCells = (root: ParentNode) =>
  [...root.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
