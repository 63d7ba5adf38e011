/**
 * `sx` for an MUI Alert with an action button: the message keeps at least 12em beside the icon and the button,
 * whole on one line, goes under the message (at the right) when both do not fit. In a narrow pane (the reports
 * at 200 % zoom, a phone in German) "ERNEUT VERSUCHEN" beside the message left it a column of one word a line,
 * or broke the button's label in two.
 */
export const ALERT_WITH_ACTION = {
  flexWrap: 'wrap',
  '& .MuiAlert-message': { flex: '1 1 0', minWidth: '12em' },
  '& .MuiAlert-action': { whiteSpace: 'nowrap' },
} as const;
