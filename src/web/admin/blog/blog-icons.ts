/** Stroke paths on the 24 × 24 grid of #web/ui/icons.tsx, for the blog and pages screens and nav. */
export const blogIcon = 'M4 4h12l4 4v12H4zM8 10h8M8 14h8M8 18h5';
export const pagesIcon = 'M7 3h8l4 4v14H7zM15 3v4h4M3 7v14h12';
export const externalIcon = 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6';
export const duplicateIcon = 'M9 9h11v11H9zM5 15H4V4h11v1';
