import { describe, expect, it } from 'vitest';
import { isApiRequest } from './security.ts';

describe('isApiRequest', () => {
  it('counts every /api/ path as the API, with or without a query', () => {
    expect(isApiRequest('/api/reports/reportNodes')).toBe(true);
    expect(isApiRequest('/api/download/dcainstaller?accessKey=x')).toBe(true);
    expect(isApiRequest('/api/docsearch')).toBe(true);
  });

  it('leaves the HTML API reference, the SPA and its files to the document headers', () => {
    expect(isApiRequest('/api/docs')).toBe(false);
    expect(isApiRequest('/api/docs?x=1')).toBe(false);
    expect(isApiRequest('/api/docs/openapi.json')).toBe(false);
    expect(isApiRequest('/')).toBe(false);
    expect(isApiRequest('/reports')).toBe(false);
    expect(isApiRequest('/api')).toBe(false);
    expect(isApiRequest('/locales/en/translation.json')).toBe(false);
  });
});
