/** An indeterminate progress bar, drawn by `app/shell.css` (MUI's LinearProgress look without MUI). */
export function ProgressBar({ label }: { label?: string }) {
  return <div className="portal-progress" role="progressbar" aria-label={label} />;
}
