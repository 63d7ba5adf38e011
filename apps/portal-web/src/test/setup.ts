import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { FakeUserManager } from './fake-user-manager';

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
