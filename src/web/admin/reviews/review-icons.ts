/** Stroke paths on the 24 × 24 grid of #web/ui/icons.tsx, for the review screens. */
export const approveIcon = 'M5 12.5l4.5 4.5L19 7.5';
export const rejectIcon = 'M6 6l12 12M18 6 6 18';
export const hideIcon =
  'M3 3l18 18M10.6 5.1A9.8 9.8 0 0 1 12 5c6 0 9.5 7 9.5 7a16 16 0 0 1-2.9 3.7M6.6 6.6A16 16 0 0 0 2.5 12s3.5 7 9.5 7a9.4 9.4 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2';
export const showIcon = 'M2.5 12S6 5 12 5s9.5 7 9.5 7-3.5 7-9.5 7-9.5-7-9.5-7M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6';
export const replyIcon = 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11';
export const trashIcon = 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3';
export const settingsIcon = 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4';
