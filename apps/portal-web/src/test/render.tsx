import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routes';
import { setupStore } from '../app/store';
import type { StoreOptions } from '../app/store';
import { createStaticI18n } from '../lib/i18n';
import translation from '../../public/locales/en/translation.json';

/** i18next with the English strings in memory, ready at once. */
export function createTestI18n() {
  return createStaticI18n({ en: { translation } });
}

export interface RenderAppOptions extends StoreOptions {
  route?: string;
}

/** The whole portal at `route`, through the real store, router, translations and theme. */
export function renderApp({ route = '/', ...storeOptions }: RenderAppOptions = {}) {
  const store = setupStore(storeOptions);
  const i18n = createTestI18n();
  const router = createMemoryRouter(appRoutes, { initialEntries: [route] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router, i18n, user };
}

/** One component through the real providers, inside a router at `route`. */
export function renderWithProviders(
  element: ReactElement,
  { route = '/', ...storeOptions }: RenderAppOptions = {},
) {
  const store = setupStore(storeOptions);
  const i18n = createTestI18n();
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [route] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router, i18n, user };
}
