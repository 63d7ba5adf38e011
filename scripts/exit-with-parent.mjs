// Loaded into every server `npm start` runs (`node --import ./scripts/exit-with-parent.mjs`): when the launcher
// that started the server is gone without stopping it (killed with SIGKILL, say), the server is re-parented, and
// this stops it the way Ctrl+C would (SIGTERM: its graceful close), so no server outlives the launcher.
const launcher = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === launcher) return;
  clearInterval(watch);
  process.kill(process.pid, 'SIGTERM');
}, 500);
watch.unref();
