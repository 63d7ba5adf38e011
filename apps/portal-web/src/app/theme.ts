import { createTheme } from '@mui/material/styles';
import { orange, teal } from '@mui/material/colors';

/** Width of the left-hand panes (reports tree, embedded-reports list). */
export const SIDEBAR_WIDTH = '16em';

export const theme = createTheme({
  palette: {
    primary: teal,
    secondary: orange,
  },
  breakpoints: {
    values: { xs: 0, sm: 600, md: 790, lg: 1280, xl: 1920 },
  },
  mixins: {
    toolbar: { minHeight: 24 },
  },
});
