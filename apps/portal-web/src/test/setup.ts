import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { FakeUserManager } from './fake-user-manager';

// findBy… waits up to 5 s: the first render of a lazy page or of MUI's dialogs can take a while here.
configure({ asyncUtilTimeout: 5000 });

// The app loads these lazily. Loading them once here keeps their first transform (seconds on a busy machine)
// out of the tests' waits; the app still fetches them lazily, as the tests of lazy loading check.
await Promise.all([
  import('../features/layout/components/sign-out-button'),
  import('../features/welcome/components/welcome-dialog-view'),
  import('../features/idle-lockout/components/idle-warning-dialog'),
  import('../features/installers/components/installer-page'),
]);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeUserManager.reset();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
