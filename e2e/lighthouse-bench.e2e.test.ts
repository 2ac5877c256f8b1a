import { describe, expect, inject, it } from 'vitest';
import { benchLighthouse } from '../bench/lighthouse.bench';

// `npm run bench -- lighthouse` in the Chromium the machine installs: a page that cannot be
// measured is reported with Lighthouse's reason, and the pages after it are measured all the same.
describe('the Lighthouse bench', () => {
  it('reports which page failed and why, and still scores the others', { timeout: 300_000 }, () => {
    const [missing, form] = benchLighthouse(
      inject('baseUrl'),
      ['/payer/ecole-qui-n-existe-pas', '/form'],
      1,
      0,
    );
    expect(missing).toMatchObject({ page: '/payer/ecole-qui-n-existe-pas', runs: 0 });
    expect(missing?.performance).toBeUndefined();
    expect(missing?.failures).toEqual([
      { code: 'ERRORED_DOCUMENT_REQUEST', message: expect.stringContaining('404') },
    ]);

    expect(form).toMatchObject({ page: '/form', runs: 1, failures: [] });
    for (const score of [form?.performance, form?.accessibility, form?.bestPractices, form?.seo]) {
      expect(score).toBeGreaterThan(0);
    }
    expect(form?.accessibility).toBe(100);
  });
});
