import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { FakeUserManager } from './fake-user-manager';

// findBy… waits up to 5 s: the first render of a lazy page or of MUI's dialogs can take a while here.
configure({ asyncUtilTimeout: 5000 });

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
