import { describe, expect, it } from 'vitest';
import { errorPage, loginPage, logoutPage } from './pages.ts';

describe('pages', () => {
  it('show the error on a failed sign-in and keep the email', () => {
    const html = loginPage({ action: '/interaction/abc', username: 'a@b.example', error: true });
    expect(html).toContain('Wrong email or password.');
    expect(html).toContain('value="a@b.example"');
  });

  it('escape what the provider reports in an error page', () => {
    expect(errorPage('invalid_request', '<img src=x>')).toContain('&lt;img src=x&gt;');
  });

  it('auto-submit the logout form only with a nonce, and ask otherwise', () => {
    const form = '<form id="op.logoutForm" method="post" action="/session/end/confirm"></form>';
    const auto = logoutPage({ form, autoSubmit: true, nonce: 'n0nce' });
    expect(auto).toContain('<script nonce="n0nce">');
    const ask = logoutPage({ form, autoSubmit: false, nonce: 'n0nce', accountLabel: '<b>x</b>' });
    expect(ask).not.toContain('<script');
    expect(ask).toContain('Sign out of Portico?');
    expect(ask).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});
