import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { initialAuthenticationState } from '../slice';
import type { AuthenticationState } from '../slice';
import { ProtectedRoute } from './protected-route';

const account = {
  accountIdentifier: 'user-1001',
  userName: 'ada',
  name: 'Ada Lovelace',
  idTokenClaims: {},
  sid: null,
  environment: 'localhost:4401',
};

function renderProtected(authentication: AuthenticationState) {
  return renderWithProviders(
    <ProtectedRoute>
      <p>Secret installer</p>
    </ProtectedRoute>,
    { preloadedState: { authentication } },
  );
}

describe('ProtectedRoute', () => {
  it('shows its content to a signed-in user', () => {
    renderProtected({ ...initialAuthenticationState, isLoggingIn: false, account });

    expect(screen.getByText('Secret installer')).toBeInTheDocument();
  });

  it('renders nothing while the login state is not yet known', () => {
    const { container } = renderProtected(initialAuthenticationState);

    expect(container).toBeEmptyDOMElement();
  });

  it('asks a visitor who is not signed in to sign in', () => {
    renderProtected({ ...initialAuthenticationState, isLoggingIn: false });

    expect(screen.getByRole('heading', { name: 'Please sign in to see this page.' })).toBeInTheDocument();
    expect(screen.queryByText('Secret installer')).not.toBeInTheDocument();
  });
});
