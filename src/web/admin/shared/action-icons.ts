/** Stroke paths on the 24 × 24 grid of #web/ui/icons.tsx for the admin's row actions (edit, copy, usage, switch on/off, delete), shared by every list. */
export const copyIcon = 'M9 9h11v11H9zM5 15H4V4h11v1';
export const editIcon = 'M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16zM13.5 6.5l4 4';
export const usageIcon = 'M4 20V10M10 20V4M16 20v-7M22 20H2';
export const powerIcon = 'M12 3v9M6.3 6.3a8 8 0 1 0 11.4 0';
export const trashIcon = 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3';
