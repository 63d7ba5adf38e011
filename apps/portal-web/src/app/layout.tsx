import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
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
  const signIn = useSignIn();
  const prepareSignIn = usePrepareSignIn();
  const signOut = useSignOut();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
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
        <ConfigurationGate>
          <Outlet />
        </ConfigurationGate>
      </main>
      {account !== null && (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <SignedInIdleLockout
              active
              timeoutSeconds={configuration.maximumIdleTimeoutForLockoutInSeconds}
              onExpire={signOut}
            />
          </Suspense>
        </LoadBoundary>
      )}
      <Footer vendorName={configuration.vendorName} vendorUrl={configuration.vendorUrl} />
    </div>
  );
}
