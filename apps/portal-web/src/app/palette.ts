/**
 * The portal's colours (spec §2: teal and orange). Teal 700 keeps 4.5:1 (WCAG AA for text) with white either way.
 * The brand orange (orange 800) reaches only 3.1:1 on white: enough for borders, focus rings and other graphics
 * (3:1), not for text, which takes `secondaryText`, a darker shade (6.1:1 on white, 4.8:1 on the badges' light
 * orange); text on an orange fill is black. MUI's theme (`theme.ts`) and the shell's stylesheet (`shell.css`, as
 * `--portal-*` variables) both use them; `palette.test.ts` keeps the two in step and checks every contrast.
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
  /** the orange for text on white or light orange */
  secondaryText: '#a84300',
} as const;
