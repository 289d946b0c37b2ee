// PLACEHOLDER (issue 8): the bell in the admin top bar (live notifications over socket.io).
export function NotificationBell() {
  return null;
}
