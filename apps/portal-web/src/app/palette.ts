/**
 * The portal's colours (spec §2: teal and orange, at shades where white text and links keep a 4.5:1 contrast,
 * WCAG AA). MUI's theme (`theme.ts`) and the shell's stylesheet (`shell.css`, as `--portal-*` variables) both
 * use them; a test keeps the two in step.
 */
export const palette = {
  /** teal 700 */
  primary: '#00796b',
  /** teal 500 */
  primaryLight: '#009688',
  /** teal 900 */
  primaryDark: '#004d40',
  /** orange 800 */
  secondary: '#ef6c00',
  /** orange 500 */
  secondaryLight: '#ff9800',
  /** orange 900 */
  secondaryDark: '#e65100',
} as const;
