/** Stroke paths on the 24 × 24 grid of #web/ui/icons.tsx, for the blog and pages screens. */
export const externalIcon = 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6';
export const duplicateIcon = 'M9 9h11v11H9zM5 15H4V4h11v1';
