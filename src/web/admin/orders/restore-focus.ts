/**
 * After a dialog goes, focus returns to the element that opened it; when that is gone (a status
 * action the order no longer offers), to the page heading, so keyboard users do not land on <body>.
 */
export function restoreFocus(opener: HTMLElement | null): void {
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    if (opener?.isConnected && !(opener as HTMLButtonElement).disabled) {
      opener.focus();
      return;
    }
    const heading = document.querySelector<HTMLElement>('#admin-main h1, main h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  });
}
