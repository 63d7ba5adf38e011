import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubConfiguration } from '../../../test/http';
import { renderApp, renderWithProviders } from '../../../test/render';
import { Footer } from './footer';

function formatted(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

describe('the footer', () => {
  it('shows the copyright from 2006 to the current year with a link to the vendor', async () => {
    stubConfiguration({ vendorName: 'Acme Software', vendorUrl: 'https://acme.example/' });
    renderApp();

    const footer = await screen.findByRole('contentinfo');
    const vendor = await within(footer).findByRole('link', { name: 'Acme Software' });
    expect(vendor).toHaveAttribute('href', 'https://acme.example/');
    expect(vendor).toHaveAttribute('target', '_blank');
    expect(footer).toHaveTextContent(`© 2006–${new Date().getFullYear()} Acme Software`);
  });

  it('shows the date and time in the current language and keeps them current', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const start = new Date(2031, 4, 6, 7, 8, 9);
    vi.setSystemTime(start);
    const { i18n } = renderWithProviders(<Footer vendorName="Acme Software" vendorUrl="" />);

    expect(screen.getByText(formatted(start, 'en'))).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2006–2031 Acme Software');

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText(formatted(new Date(2031, 4, 6, 7, 8, 10), 'en'))).toBeInTheDocument();

    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByText(formatted(new Date(2031, 4, 6, 7, 8, 10), 'de'))).toBeInTheDocument();
  });

  it('lists the seven languages by their own names and switches to the one picked', async () => {
    const { i18n, user } = renderWithProviders(<Footer vendorName="Acme Software" vendorUrl="" />);
    const picker = screen.getByRole('combobox', { name: 'Language' });

    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Deutsch', 'Español', 'Français', '日本語', 'Polski', 'Русский']);
    expect(picker).toHaveValue('en');

    await user.selectOptions(picker, 'Français');
    expect(i18n.language).toBe('fr');
    expect(picker).toHaveValue('fr');
  });
});
