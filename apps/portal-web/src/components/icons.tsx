// The shell's icons, drawn here in a few strokes (MUI's icon components would bring MUI to the first page).
import type { ReactNode } from 'react';

/** A 24-unit outline icon in the text's colour, hidden from assistive technology (its control carries the name). */
function StrokeIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** An arrow entering a door: sign in. */
export function SignInIcon() {
  return (
    <StrokeIcon>
      <path d="M14 4h5v16h-5M3 12h11M10 8l4 4-4 4" />
    </StrokeIcon>
  );
}

/** Three lines: the header's menu on a narrow screen. */
export function MenuIcon() {
  return (
    <StrokeIcon>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </StrokeIcon>
  );
}

/** An exclamation mark in a circle: an error. */
export function ErrorIcon() {
  return (
    <StrokeIcon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v6M12 16v1.5" />
    </StrokeIcon>
  );
}
