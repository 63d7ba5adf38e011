import { createTheme } from '@mui/material/styles';
import { palette } from './palette';

/** Width of the left-hand panes (reports tree, embedded-reports list). */
export const SIDEBAR_WIDTH = '16em';

/** MUI's theme, for the pages that use MUI (`mui-theme.tsx` provides it); the shell uses `shell.css`. */
export const theme = createTheme({
  palette: {
    primary: {
      main: palette.primary,
      light: palette.primaryLight,
      dark: palette.primaryDark,
      contrastText: '#fff',
    },
    secondary: {
      main: palette.secondary,
      light: palette.secondaryLight,
      dark: palette.secondaryDark,
      // White on the brand orange is 3.1:1; black is 6.8:1.
      contrastText: '#000',
    },
  },
  breakpoints: {
    values: { xs: 0, sm: 600, md: 790, lg: 1280, xl: 1920 },
  },
  mixins: {
    toolbar: { minHeight: 24 },
  },
});
