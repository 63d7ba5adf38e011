import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Header } from './header';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'About' },
];

function renderHeader() {
  const onSignIn = vi.fn();
  const view = renderWithProviders(
    <Header
      links={LINKS}
      userName={null}
      canSignIn
      isSigningIn={false}
      onSignIn={onSignIn}
      onSignOut={() => undefined}
    />,
  );
  const menu = screen.getByRole('button', { name: 'Menu' });
  const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
  if (panel === null) throw new Error('the menu button controls no element');
  return { ...view, menu, panel, onSignIn };
}

describe('the header menu', () => {
  it('is a closed disclosure controlling the panel that holds the navigation and the sign-in button', () => {
    const { menu, panel } = renderHeader();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveAttribute('data-open');
    expect(within(panel).getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('opens and closes with the button', async () => {
    const { menu, panel, user } = renderHeader();
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveAttribute('data-open');
  });

  it('closes on Escape from inside the panel and gives the focus back to the button', async () => {
    const { menu, panel, user } = renderHeader();
    await user.click(menu);
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('puts the tab order in the visual order: logo, menu button, links, then sign-in', async () => {
    const { menu, panel, user } = renderHeader();
    await user.click(menu);
    const order: (string | null)[] = [];
    (document.activeElement as HTMLElement).blur();
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      order.push(document.activeElement?.textContent ?? null);
    }
    expect(order).toEqual(['', 'Menu', 'Home', 'About', 'Sign in']);
    expect(within(panel).getByRole('button', { name: 'Sign in' })).toHaveFocus();
  });

  it('closes when a link is followed, and stays open for the sign-in button', async () => {
    const { menu, panel, onSignIn, user, router } = renderHeader();
    await user.click(menu);
    await user.click(within(panel).getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(panel).getByRole('link', { name: 'About' }));
    expect(router.state.location.pathname).toBe('/about');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
