import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import MuiTheme from '../../../app/mui-theme';
import { welcomeMessageAccepted } from '../slice';

/**
 * The welcome message (spec §2): title, the configured paragraphs and an accept button. Neither a click on
 * the backdrop nor Escape closes it (no onClose); once accepted it never shows again.
 */
export default function WelcomeDialogView({ paragraphs }: { paragraphs: readonly string[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <MuiTheme>
      <Dialog open aria-labelledby="welcome-title" maxWidth="sm">
        <DialogTitle id="welcome-title">{t('Welcome.title')}</DialogTitle>
        <DialogContent>
          {paragraphs.map((paragraph, index) => (
            <Typography key={index} sx={{ mb: 1.5 }}>
              {paragraph}
            </Typography>
          ))}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => dispatch(welcomeMessageAccepted())} autoFocus>
            {t('Welcome.accept')}
          </Button>
        </DialogActions>
      </Dialog>
    </MuiTheme>
  );
}
