/**
 * An indeterminate progress bar, drawn by `app/shell.css` (MUI's LinearProgress look without MUI). A `delayed` bar
 * stays invisible for its first 300 ms: most waits it stands for end sooner, and a bar flashing by reads as a glitch.
 */
export function ProgressBar({ label, delayed = false }: { label?: string; delayed?: boolean }) {
  return (
    <div
      className={delayed ? 'portal-progress portal-progress-delayed' : 'portal-progress'}
      role="progressbar"
      aria-label={label}
    />
  );
}
