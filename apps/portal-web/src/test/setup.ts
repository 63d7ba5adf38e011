import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { FakeUserManager } from './fake-user-manager';

// findBy… waits up to 5 s: the first render of a lazy page or of MUI's dialogs can take a while here.
configure({ asyncUtilTimeout: 5000 });

// The app loads these lazily. Loading them once here keeps their first transform (seconds on a busy machine)
// out of the tests' waits; the app still fetches them lazily, as the tests of lazy loading check.
await Promise.all([
  import('../app/mui-theme'),
  import('../app/data-state'),
  import('../features/layout/components/sign-out-button'),
  import('../features/idle-lockout/components/idle-warning-dialog'),
  import('../features/installers/components/installer-page'),
]);

// jsdom has <dialog> without its methods: open and close it by its attribute, as a browser does (the top layer,
// the backdrop and Escape are Chromium's, which the Playwright journeys check).
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };
}

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
