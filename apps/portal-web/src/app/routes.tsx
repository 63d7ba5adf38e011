import { lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation, useParams, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProtectedRoute } from '../features/authentication/components/protected-route';
import { selectAuthentication } from '../features/authentication/slice';
import { welcomeParagraphs } from '../features/configuration/client-configuration';
import { selectConfiguration } from '../features/configuration/slice';
import { HomePage } from '../features/home/components/home-page';
import type { Installee } from '../features/installers/model';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { WelcomeDialog } from '../features/welcome/components/welcome-dialog';
import { paths } from '../paths';
import { useAppSelector } from './hooks';
import { AppLayout, displayName, useLayoutSignIn } from './layout';
import type { SignInNotice } from '../lib/sign-in-notice';
import { LazyPage } from './lazy-page';
import {
  loadAboutPage,
  loadDataState,
  loadEmbeddedReportsPage,
  loadInstallerPage,
  loadMuiTheme,
  loadReportsPage,
} from './page-loaders';

// Pages other than home and page-not-found load when they open, with MUI and its theme (`mui-theme.tsx`): the
// shell is drawn without MUI, so MUI, the reports tree and its virtualiser, the embed SDK, RTK Query and the
// installer pages' download code all stay off the first page.

/** A lazily loaded page drawn with MUI: its code arrives with MUI's theme, which it renders inside. */
function lazyMuiPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ default: MuiTheme }, Page] = await Promise.all([loadMuiTheme(), load()]);
    return {
      default: function MuiPage(props: P) {
        return (
          <MuiTheme>
            <Page {...props} />
          </MuiTheme>
        );
      },
    };
  });
}

/**
 * A lazily loaded MUI page that loads its data through RTK Query: its code arrives with the data state
 * (`data-state.tsx`: the API's cache, the data slices), which it renders inside.
 */
function lazyDataPage(load: () => Promise<{ default: ComponentType }>) {
  return lazyMuiPage(async () => {
    const [{ WithDataState }, { default: Page }] = await Promise.all([loadDataState(), load()]);
    return function DataPage() {
      return (
        <WithDataState>
          <Page />
        </WithDataState>
      );
    };
  });
}

// Signed in, home shows the user's summary: its code arrives then, off the first page of a visitor.
const SignedInHome = lazy(() => import('../features/home/components/signed-in-home'));
const AboutPage = lazyMuiPage(() => loadAboutPage().then((module) => module.AboutPage));
const InstallerPage = lazyMuiPage(() => loadInstallerPage().then((module) => module.InstallerPage));
const ReportsPage = lazyDataPage(loadReportsPage);
const EmbeddedReportsPage = lazyDataPage(loadEmbeddedReportsPage);

/** The configured welcome paragraphs in the current UI language (its own variant, else the default). */
function useWelcomeParagraphs(): string[] {
  const configuration = useAppSelector(selectConfiguration);
  // useTranslation renders again when the language changes.
  const { i18n } = useTranslation();
  return welcomeParagraphs(configuration, i18n.language);
}

function HomeRoute() {
  const onSignIn = useLayoutSignIn();
  const { isLoggingIn, account } = useAppSelector(selectAuthentication);
  const { showWelcomeMessage, vendorName, clientId, authority } = useAppSelector(selectConfiguration);
  const welcomeMessage = useWelcomeParagraphs();
  const signedIn = account !== null && isLoggingIn !== true;
  return (
    <>
      <WelcomeDialog enabled={showWelcomeMessage} paragraphs={welcomeMessage} />
      {signedIn ? (
        <LazyPage>
          <SignedInHome userName={displayName(account)} vendorName={vendorName} />
        </LazyPage>
      ) : (
        <HomePage
          isSigningIn={isLoggingIn === true}
          vendorName={vendorName}
          canSignIn={clientId !== '' && authority !== '' && isLoggingIn === false}
          onSignIn={onSignIn}
        />
      )}
    </>
  );
}

function AboutRoute() {
  const { version, schema, showWelcomeMessage } = useAppSelector(selectConfiguration);
  const welcomeMessage = useWelcomeParagraphs();
  return (
    <LazyPage>
      <AboutPage
        version={version}
        schema={schema}
        welcomeMessage={showWelcomeMessage ? welcomeMessage : []}
      />
    </LazyPage>
  );
}

const INSTALLER_TITLES = {
  dca: 'Installer.dcaTitle',
  controlPanel: 'Installer.controlPanelTitle',
  controlPanelUpgrade: 'Installer.controlPanelUpgradeTitle',
} as const;

function InstallerRoute({ installee }: { installee: Exclude<Installee, 'controlPanelUpgrade'> }) {
  const { accessKey = '' } = useParams();
  const { is64Bit } = useAppSelector(selectConfiguration);
  const { t } = useTranslation();
  return (
    <LazyPage>
      <InstallerPage
        key={`${installee}/${accessKey}`}
        installee={installee}
        accessKey={accessKey}
        is64Bit={is64Bit}
        title={t(INSTALLER_TITLES[installee])}
      />
    </LazyPage>
  );
}

/**
 * Signed-in users only (spec §2); redirects home otherwise, but not before the stored session is checked, with a
 * notice saying it needs a sign-in (issue 17) and the address signing in returns to.
 */
function ControlPanelUpgradeRoute(): ReactNode {
  const { account, isLoggingIn } = useAppSelector(selectAuthentication);
  const { is64Bit } = useAppSelector(selectConfiguration);
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  if (isLoggingIn === undefined) return null;
  if (account === null) {
    const notice: SignInNotice = { reason: 'signInRequired', returnTo: `${pathname}${search}${hash}` };
    return <Navigate to={paths.home} replace state={{ signInNotice: notice }} />;
  }
  if (isLoggingIn) return <Navigate to={paths.home} replace />;
  return (
    <LazyPage>
      <InstallerPage
        installee="controlPanelUpgrade"
        is64Bit={is64Bit}
        title={t(INSTALLER_TITLES.controlPanelUpgrade)}
        message={t('Installer.upgradeMessage')}
      />
    </LazyPage>
  );
}

function ReportsRoute() {
  const { includeReports } = useAppSelector(selectConfiguration);
  if (!includeReports) return <NotFoundPage />;
  return (
    <ProtectedRoute>
      <LazyPage>
        <ReportsPage />
      </LazyPage>
    </ProtectedRoute>
  );
}

function EmbeddedReportsRoute() {
  const { enableEmbeddedPowerBi } = useAppSelector(selectConfiguration);
  if (!enableEmbeddedPowerBi) return <Navigate to={paths.home} replace />;
  return (
    <ProtectedRoute>
      <LazyPage>
        <EmbeddedReportsPage />
      </LazyPage>
    </ProtectedRoute>
  );
}

/** The routes under the router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/** The route table (spec §2). */
export const appRoutes: RouteObject[] = [
  {
    path: paths.home,
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: paths.about, element: <AboutRoute /> },
      { path: paths.reports, element: <ReportsRoute /> },
      { path: paths.controlPanelUpgrade, element: <ControlPanelUpgradeRoute /> },
      { path: paths.embeddedReports, element: <EmbeddedReportsRoute /> },
      { path: paths.dcaInstaller, element: <InstallerRoute installee="dca" /> },
      { path: paths.controlPanelInstaller, element: <InstallerRoute installee="controlPanel" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
