import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIdleActivity, staySignedInChosen } from '../slice';

/** The warning comes this long before the lock-out. */
export const IDLE_WARNING_SECONDS = 60;

export interface IdleLockoutProps {
  /** Someone is signed in: the timer runs only then (it stops on sign-out). */
  active: boolean;
  /** maximumIdleTimeoutForLockoutInSeconds. */
  timeoutSeconds: number;
  onExpire: () => void;
}

/**
 * The idle lock-out (spec §4): signs out after `timeoutSeconds` without activity — a navigation, an API
 * call, or "Stay signed in" on the warning shown a minute before.
 */
export function IdleLockout({ active, timeoutSeconds, onExpire }: IdleLockoutProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const activity = useAppSelector(selectIdleActivity);
  const [warning, setWarning] = useState(false);

  useEffect(() => {
    if (!active) return undefined;
    const warnAfter = Math.max(0, timeoutSeconds - IDLE_WARNING_SECONDS) * 1000;
    const warn = setTimeout(() => setWarning(true), warnAfter);
    const expire = setTimeout(() => {
      setWarning(false);
      onExpire();
    }, timeoutSeconds * 1000);
    return () => {
      clearTimeout(warn);
      clearTimeout(expire);
      setWarning(false);
    };
  }, [active, timeoutSeconds, onExpire, activity]);

  return (
    <Dialog
      open={active && warning}
      aria-labelledby="idle-title"
      aria-describedby="idle-message"
      onClose={() => dispatch(staySignedInChosen())}
    >
      <DialogTitle id="idle-title">{t('IdleLockout.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-message">{t('IdleLockout.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onExpire}>{t('IdleLockout.signOut')}</Button>
        <Button variant="contained" autoFocus onClick={() => dispatch(staySignedInChosen())}>
          {t('IdleLockout.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
