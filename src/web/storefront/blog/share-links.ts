/**
 * A post's share links, WhatsApp first (the way most of the shop's customers share), then
 * Facebook and X. Plain links, so they work before (and without) JavaScript.
 */
export interface ShareLink {
  network: 'whatsapp' | 'facebook' | 'x';
  label: string;
  href: string;
}

export function shareLinks(title: string, url: string): ShareLink[] {
  return [
    { network: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    {
      network: 'facebook',
      label: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`,
    },
    { network: 'x', label: 'X', href: `https://x.com/intent/post?${new URLSearchParams({ text: title, url })}` },
  ];
}
