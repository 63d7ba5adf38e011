import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface IdleWarningDialogProps {
  onSignOut: () => void;
  onStay: () => void;
}

/** The warning a minute before the idle lock-out: sign out now, or stay signed in (which counts as activity). */
export default function IdleWarningDialog({ onSignOut, onStay }: IdleWarningDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open aria-labelledby="idle-title" aria-describedby="idle-message" onClose={onStay}>
      <DialogTitle id="idle-title">{t('IdleLockout.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-message">{t('IdleLockout.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onSignOut}>{t('IdleLockout.signOut')}</Button>
        <Button variant="contained" autoFocus onClick={onStay}>
          {t('IdleLockout.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
