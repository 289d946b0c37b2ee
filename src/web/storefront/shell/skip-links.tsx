import type { MouseEvent } from 'react';

/**
 * Moves focus to the target itself: a plain `#id` jump only moves the caret start point for
 * elements that cannot take focus (the nav), and would add the hash to the URL.
 */
function skipTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

/** docs/product.md#skip-links skip-links bar: the first focusable elements of the page, visible only on focus. */
export function SkipLinks({ search }: { search: boolean }) {
  const links: [string, string][] = [
    ['main-content', 'Skip to main content'],
    ['site-nav', 'Skip to navigation'],
  ];
  if (search) links.push(['site-search', 'Skip to search']);
  return (
    <div>
      {links.map(([id, label]) => (
        <a
          key={id}
          href={`#${id}`}
          onClick={(event) => skipTo(event, id)}
          className="btn-primary fixed top-2 left-2 z-50 -translate-y-[200%] focus:translate-y-0"
        >
          {label}
        </a>
      ))}
    </div>
  );
}
