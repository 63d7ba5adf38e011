import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

/**
 * MUI's theme around the parts that use MUI: the lazily loaded pages and dialogs import this module, so MUI and
 * emotion load with them and never with the first page. The global base styles (CssBaseline's part) are in
 * `shell.css`.
 */
export default function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
