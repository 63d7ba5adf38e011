import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { timeLeftInWords } from '../remaining-time';

export interface IdleWarningDialogProps {
  /** When the lock-out signs the user out (epoch milliseconds). */
  signOutAt: number;
  onSignOut: () => void;
  onStay: () => void;
}

/** Whole seconds left, rounded up: 12 until the last 11 seconds begin. */
const secondsLeft = (signOutAt: number) => Math.max(0, Math.ceil((signOutAt - Date.now()) / 1000));

/**
 * The warning before the idle lock-out, with the time left counting down: sign out now, or stay signed in
 * (which counts as activity). The count is not a live region: the description is read once as the dialog
 * opens, not every second.
 */
export default function IdleWarningDialog({ signOutAt, onSignOut, onStay }: IdleWarningDialogProps) {
  const { t, i18n } = useTranslation();
  const [seconds, setSeconds] = useState(() => secondsLeft(signOutAt));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setSeconds(secondsLeft(signOutAt));
      // The next change of the whole number of seconds left.
      const untilNext = (signOutAt - Date.now()) % 1000;
      timer = setTimeout(tick, untilNext > 0 ? untilNext : 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [signOutAt]);

  const when = timeLeftInWords(seconds, i18n.resolvedLanguage ?? i18n.language);
  return (
    <Dialog open aria-labelledby="idle-title" aria-describedby="idle-message" onClose={onStay}>
      <DialogTitle id="idle-title">{t('IdleLockout.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-message">{t('IdleLockout.message', { when })}</DialogContentText>
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
