import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIdleActivity, staySignedInChosen } from '../slice';

// MUI's Dialog is not part of the first page: it loads once someone is signed in, ahead of any warning.
const loadWarningDialog = () => import('./idle-warning-dialog');
const IdleWarningDialog = lazy(loadWarningDialog);

/** The warning comes this long before the lock-out. */
export const IDLE_WARNING_SECONDS = 60;

export interface IdleLockoutProps {
  /** Someone is signed in: the timer runs only then (it stops on sign-out). */
  active: boolean;
  /** maximumIdleTimeoutForLockoutInSeconds. */
  timeoutSeconds: number;
  /** The time ran out: the user is signed out for inactivity. */
  onExpire: () => void;
  /** "Sign out" on the warning: the user's own choice (default: onExpire). */
  onSignOut?: () => void;
}

/**
 * The idle lock-out (spec §4): signs out after `timeoutSeconds` without activity — a navigation, an API
 * call, or "Stay signed in" on the warning shown a minute before (at once when the timeout is shorter),
 * which counts down the time left.
 */
export function IdleLockout({ active, timeoutSeconds, onExpire, onSignOut }: IdleLockoutProps) {
  const dispatch = useAppDispatch();
  const activity = useAppSelector(selectIdleActivity);
  /** When the warned user will be signed out; null while there is no warning. */
  const [signOutAt, setSignOutAt] = useState<number | null>(null);

  useEffect(() => {
    if (active) loadWarningDialog().catch(() => undefined);
  }, [active]);

  useEffect(() => {
    if (!active) return undefined;
    const deadline = Date.now() + timeoutSeconds * 1000;
    const warnAfter = Math.max(0, timeoutSeconds - IDLE_WARNING_SECONDS) * 1000;
    const warn = setTimeout(() => setSignOutAt(deadline), warnAfter);
    const expire = setTimeout(() => {
      setSignOutAt(null);
      onExpire();
    }, timeoutSeconds * 1000);
    return () => {
      clearTimeout(warn);
      clearTimeout(expire);
      setSignOutAt(null);
    };
  }, [active, timeoutSeconds, onExpire, activity]);

  if (!active || signOutAt === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarningDialog
        signOutAt={signOutAt}
        onSignOut={onSignOut ?? onExpire}
        onStay={() => dispatch(staySignedInChosen())}
      />
    </Suspense>
  );
}
