import { createTheme } from '@mui/material/styles';
import { orange, teal } from '@mui/material/colors';

/** Width of the left-hand panes (reports tree, embedded-reports list). */
export const SIDEBAR_WIDTH = '16em';

export const theme = createTheme({
  palette: {
    // Teal and orange (spec §2), at shades where white text and links keep a 4.5:1 contrast (WCAG AA).
    primary: { main: teal[700], light: teal[500], dark: teal[900], contrastText: '#fff' },
    secondary: { main: orange[800], light: orange[500], dark: orange[900], contrastText: '#fff' },
  },
  breakpoints: {
    values: { xs: 0, sm: 600, md: 790, lg: 1280, xl: 1920 },
  },
  mixins: {
    toolbar: { minHeight: 24 },
  },
});
