/**
 * `npm start` runs `sh -c "node … scripts/start.mjs"`. On SIGTERM npm forwards the signal to that
 * shell only, and a shell that does not `exec` its last command (dash, Debian's /bin/sh) dies
 * without passing it on: the server would be left running, holding the port. So when a package
 * manager started us, a change of parent (the shell gone, we were handed to init) is taken as the
 * stop signal and turned into a SIGTERM to ourselves, which the server's own handler (main.ts)
 * answers with its graceful shutdown; before that handler exists it simply ends the process.
 *
 * Started any other way (`node scripts/start.mjs`, a process manager), the process keeps its
 * ordinary lifetime: someone running it under `nohup` means it to outlive its shell.
 *
 * Plain JavaScript: it runs in the server's own process, which runs without tsx (start.mjs).
 */
const POLL_MS = 200;

/** @returns {void} */
export function stopWithLauncher() {
  if (!process.env.npm_lifecycle_event) return;
  const launcher = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, POLL_MS);
  timer.unref();
}
