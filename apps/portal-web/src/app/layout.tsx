import { lazy, Suspense, useCallback, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useOutletContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  useAuthenticationStartup,
  usePrepareSignIn,
  useSignIn,
  useSignOut,
} from '../features/authentication/hooks/use-authentication';
import { SignInProblem } from '../features/authentication/components/sign-in-problem';
import { loginErrorDismissed, selectAuthentication } from '../features/authentication/slice';
import { LoadBoundary } from '../components/load-boundary';
import { ConfigurationGate } from '../features/configuration/components/configuration-gate';
import { selectConfiguration } from '../features/configuration/slice';
import { Footer } from '../features/layout/components/footer';
import { Header } from '../features/layout/components/header';
import { SignInNoticeBanner } from '../features/layout/components/sign-in-notice-banner';
import type { Account } from '../features/authentication/account';
import {
  clearSignInNotice,
  readSignInNotice,
  saveSignInNotice,
  subscribeSignInNotice,
} from '../lib/sign-in-notice';
import type { SignInNotice } from '../lib/sign-in-notice';
import { SignInAgainContext } from '../lib/sign-in-again';
import { userNavigated } from '../features/idle-lockout/slice';
import { applyConfiguredLanguage } from '../lib/i18n';
import { useAppDispatch, useAppSelector } from './hooks';
import { preloadPage } from './page-loaders';
import { visibleNavigation } from './navigation';

// The idle lock-out runs only while someone is signed in, and its warning is an MUI dialog: it loads then,
// inside MUI's theme, so neither reaches the first page.
const SignedInIdleLockout = lazy(async () => {
  const [{ default: MuiTheme }, { IdleLockout }] = await Promise.all([
    import('./mui-theme'),
    import('../features/idle-lockout/components/idle-lockout'),
  ]);
  return {
    default: function SignedInIdleLockout(props: Parameters<typeof IdleLockout>[0]) {
      return (
        <MuiTheme>
          <IdleLockout {...props} />
        </MuiTheme>
      );
    },
  };
});

/** The name to show for an account: its `name` claim, else the user name. */
export function displayName(account: Account): string {
  return account.name.trim() !== '' ? account.name : account.userName;
}

interface LayoutContext {
  signIn: () => void;
}

/** The frame's sign-in action for a page (the home page's button): it returns where a notice says. */
export function useLayoutSignIn(): () => void {
  return useOutletContext<LayoutContext>().signIn;
}

/**
 * Why the user is signed out and where signing in returns: from sessionStorage (an idle lock-out, which reloads
 * the portal through the identity provider's sign-out) or from the navigation that led here (a page that needs a
 * sign-in), kept until a sign-in or a dismissal.
 */
function useSignInNotice(): SignInNotice | null {
  const location = useLocation();
  const routed = (location.state as { signInNotice?: SignInNotice } | null)?.signInNotice;
  useEffect(() => {
    if (routed !== undefined) saveSignInNotice(routed);
  }, [routed]);
  return useSyncExternalStore(subscribeSignInNotice, readSignInNotice);
}

/**
 * At the end of a successful sign-in: the notice's address, and the notice is done. Not on the account's arrival:
 * oidc-client-ts announces the user before the sign-in call returns, which would clear the notice too early.
 */
function takeReturnTo(): string | null {
  const returnTo = readSignInNotice()?.returnTo ?? null;
  clearSignInNotice();
  return returnTo;
}

/** The frame around every page (spec §2): header, the page once configured, footer (app/shell.css). */
export function AppLayout() {
  const configuration = useAppSelector(selectConfiguration);
  const { account, isLoggingIn, error: signInError } = useAppSelector(selectAuthentication);
  const { clientId, authority, apiScope, clientLanguage, includeReports } = configuration;
  const { t, i18n } = useTranslation();

  useAuthenticationStartup({ clientId, authority, apiScope });
  useEffect(() => {
    if (clientId !== '') void applyConfiguredLanguage(i18n, clientLanguage);
  }, [i18n, clientId, clientLanguage]);
  const notice = useSignInNotice();
  // Read at the end of a sign-in: the notice's address, whichever route the popup ran over.
  const signIn = useSignIn(takeReturnTo);
  const prepareSignIn = usePrepareSignIn();
  const endSession = useSignOut();
  // Signing out on purpose leaves no notice behind.
  const signOut = useCallback(() => {
    clearSignInNotice();
    endSession();
  }, [endSession]);
  const dispatch = useAppDispatch();
  const { pathname, search, hash } = useLocation();
  const idleSeconds = configuration.maximumIdleTimeoutForLockoutInSeconds;
  // The lock-out says why on the way out, and signing in again comes back here (issue 17).
  const lockOut = useCallback(() => {
    saveSignInNotice({ reason: 'idleLockout', returnTo: `${pathname}${search}${hash}`, idleSeconds });
    endSession();
  }, [pathname, search, hash, idleSeconds, endSession]);
  // Every navigation counts as activity for the idle lock-out (spec §4).
  useEffect(() => {
    dispatch(userNavigated());
  }, [dispatch, pathname]);

  const links = visibleNavigation({ includeReports, signedIn: account !== null }).map((item) => ({
    to: item.to,
    label: t(item.labelKey),
    end: item.end === true,
  }));
  // The spec hides sign-in "when a clientId is configured", which would leave no way in. We offer it
  // to whoever is not signed in once sign-in is possible and the stored session has been checked.
  const canSignIn = account === null && clientId !== '' && authority !== '' && isLoggingIn !== undefined;

  return (
    <div className="portal-frame">
      <Header
        links={links}
        userName={account?.userName ?? null}
        displayName={account === null ? null : displayName(account)}
        canSignIn={canSignIn}
        isSigningIn={isLoggingIn === true}
        onSignIn={signIn}
        onSignInIntent={prepareSignIn}
        onSignOut={signOut}
        onLinkIntent={preloadPage}
      />
      <main className="portal-main">
        {account === null && isLoggingIn === false && (
          <SignInProblem
            error={signInError}
            onRetry={signIn}
            onDismiss={() => dispatch(loginErrorDismissed())}
          />
        )}
        {account === null && notice !== null && isLoggingIn !== undefined && (
          <SignInNoticeBanner
            notice={notice}
            onSignIn={canSignIn ? signIn : null}
            onDismiss={clearSignInNotice}
          />
        )}
        <ConfigurationGate>
          <SignInAgainContext value={signIn}>
            <Outlet context={{ signIn } satisfies LayoutContext} />
          </SignInAgainContext>
        </ConfigurationGate>
      </main>
      {account !== null && (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <SignedInIdleLockout active timeoutSeconds={idleSeconds} onExpire={lockOut} onSignOut={signOut} />
          </Suspense>
        </LoadBoundary>
      )}
      <Footer vendorName={configuration.vendorName} vendorUrl={configuration.vendorUrl} />
    </div>
  );
}
