/** Stroke paths on the 24 × 24 grid of #web/ui/icons.tsx, for the promo code screens and nav. */
export const tagIcon = 'M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8ZM7.5 7.5h.01';
export const copyIcon = 'M9 9h11v11H9zM5 15H4V4h11v1';
export const editIcon = 'M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16zM13.5 6.5l4 4';
export const usageIcon = 'M4 20V10M10 20V4M16 20v-7M22 20H2';
export const powerIcon = 'M12 3v9M6.3 6.3a8 8 0 1 0 11.4 0';
export const trashIcon = 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3';
