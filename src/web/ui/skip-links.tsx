/** Spec §2 skip-links bar: the first focusable elements of the page, visible only on focus. */
export function SkipLinks({ search }: { search: boolean }) {
  const links: [string, string][] = [
    ['main-content', 'Skip to main content'],
    ['site-nav', 'Skip to navigation'],
  ];
  if (search) links.push(['site-search', 'Skip to search']);
  return (
    <div>
      {links.map(([id, label]) => (
        <a key={id} href={`#${id}`} className="btn-primary fixed top-2 left-2 z-50 -translate-y-20 focus:translate-y-0">
          {label}
        </a>
      ))}
    </div>
  );
}
