/** Placeholder: the backups list (download, restore, delete) is built separately and replaces this file. */
export function BackupsPanel() {
  return null;
}
