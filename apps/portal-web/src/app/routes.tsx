import type { RouteObject } from 'react-router';
import { selectAuthentication } from '../features/authentication/slice';
import { HomePage } from '../features/home/components/home-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { paths } from '../paths';
import { useAppSelector } from './hooks';
import { AppLayout } from './layout';

function HomeRoute() {
  const { isLoggingIn } = useAppSelector(selectAuthentication);
  return <HomePage isSigningIn={isLoggingIn === true} />;
}

/**
 * The route table. About, reports, control panel upgrade, embedded reports and the installer pages
 * (see paths.ts) get their screens in later issues; until then they fall through to page-not-found.
 */
export const appRoutes: RouteObject[] = [
  {
    path: paths.home,
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
