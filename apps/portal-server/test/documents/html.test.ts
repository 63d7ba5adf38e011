import { describe, expect, it } from 'vitest';
import { escapeMarkup } from '../../src/documents/escape.ts';
import { HOSTILE_ACCOUNT, renderText } from './helpers.ts';

describe('escapeMarkup', () => {
  it('escapes every character that could open markup or leave an attribute', () => {
    expect(escapeMarkup(`<script>alert("x") & 'y'</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;) &amp; &apos;y&apos;&lt;/script&gt;',
    );
  });

  it('escapes an ampersand that already looks like an entity, so text reads back as written', () => {
    expect(escapeMarkup('&amp; &#60;')).toBe('&amp;amp; &amp;#60;');
  });

  it('drops control characters XML cannot carry and keeps tabs, line breaks and astral characters', () => {
    expect(escapeMarkup('a\u0000b\u0007c\td\ne 𝄞 \uD800')).toBe('abc\td\ne 𝄞 ');
  });

  it('returns plain text unchanged', () => {
    expect(escapeMarkup('Contoso EMEA – Zürich 東京')).toBe('Contoso EMEA – Zürich 東京');
  });
});

describe('HTML reports', () => {
  it('are standalone pages with the language set, inline styles and no scripts or external resources', async () => {
    const html = await renderText('supply-levels', 'html', { language: 'pl' });
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="pl">')).toBe(true);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|\bsrc=|\bhref=|url\(|@import/i);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('show the title, account, parameters and generation time in the page language', async () => {
    const html = await renderText('monthly-page-volume', 'html', {
      language: 'de',
      parameters: { months: '6' },
    });
    expect(html).toContain('<h1>Monatliches Seitenvolumen je Gerät</h1>');
    expect(html).toContain('<dt>Konto</dt><dd>Tailspin Toys (tailspin)</dd>');
    expect(html).toContain('<dt>Zeitraum (Monate)</dt><dd>6</dd>');
    expect(html).toContain('<dt>Erstellt am</dt><dd>1. Juli 2024, 08:30 UTC</dd>');
  });

  it('localise numbers and dates in the table', async () => {
    const de = await renderText('daily-meter-readings', 'html', { language: 'de' });
    expect(de).toMatch(/<td>\d{2}\.\d{2}\.\d{4}<\/td>/);
    expect(de).toMatch(/<td class="n">\d{1,3}(\.\d{3})+<\/td>/);
    const en = await renderText('service-alert-history', 'html', { language: 'en' });
    expect(en).toMatch(/<td>(Information|Warning|Critical)<\/td>/);
  });

  it('never contain the hostile parts of account and customer names unescaped', async () => {
    const html = await renderText('open-service-alerts', 'html', { account: HOSTILE_ACCOUNT });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('& Co');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(html).toContain('O&apos;Brien &quot;Quotes&quot; &lt;img src=x onerror=alert(1)&gt;');
  });
});
