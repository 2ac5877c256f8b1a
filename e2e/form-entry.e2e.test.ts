import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';

/** The narrowest phone the payer pages are made for. */
const NARROW_PHONE = { width: 320, height: 640 };

/** What the page asked for outside the product, and its console errors. */
function watch(page: Page) {
  const origin = new URL(inject('baseUrl')).origin;
  const elsewhere: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== origin) elsewhere.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return { elsewhere, errors };
}

async function fitsTheScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function searchFor(page: Page, term: string) {
  await page.getByLabel('Nom ou ville de l’école').fill(term);
  await page.getByRole('button', { name: 'Rechercher' }).click();
}

describe('/form: a parent without a link finds the school, then pays or pre-registers', () => {
  const browser = useBrowser({ viewport: NARROW_PHONE });

  it('goes from the landing page to « École Démo » typed without accents, then to its pay page', async () => {
    const page = await browser.newPage();
    const seen = watch(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Payer ou pré-inscrire un élève dans son école' }).click();
    await page.waitForURL('**/form');
    await page
      .getByRole('heading', { level: 1, name: 'Trouver l’école de votre enfant' })
      .waitFor();
    expect(await fitsTheScreen(page)).toBe(true);

    expect(seen.errors).toEqual([]);

    // The spec's form-builder rules, in French, from the server (a 400 page: the browser logs it).
    await searchFor(page, '');
    await page.getByText('Nom ou ville de l’école est obligatoire').waitFor();
    await searchFor(page, 'é');
    await page.getByText('Nom ou ville de l’école est trop court').waitFor();
    expect(seen.errors.splice(0)).toEqual(Array(2).fill(expect.stringContaining('status of 400')));

    await searchFor(page, 'ecole demo');
    await page.getByRole('heading', { level: 2, name: '1 école trouvée' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'École Démo' }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=ecole+demo');
    expect(await fitsTheScreen(page)).toBe(true);

    await page.getByRole('link', { name: 'Payer', exact: true }).click();
    await page.waitForURL('**/payer/ecole-demo');
    await page.getByRole('heading', { level: 1, name: 'Payer les frais de scolarité' }).waitFor();
    expect(seen.elsewhere).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  it('finds the school by its city and goes to its pre-registration form', async () => {
    const page = await browser.newPage();
    const seen = watch(page);
    await page.goto('/form');
    await searchFor(page, 'LOME');
    const card = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { level: 3, name: 'École Démo' }),
    });
    await card.getByText('Lomé').waitFor();
    expect(await fitsTheScreen(page)).toBe(true);
    await card.getByRole('link', { name: 'Pré-inscrire' }).click();
    await page.waitForURL('**/inscription/ecole-demo');
    await page
      .getByRole('heading', { level: 1, name: 'Demande d’inscription — École Démo' })
      .waitFor();
    expect(seen.elsewhere).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  it('works without JavaScript, within the payer pages’ script budget', async () => {
    const page = await browser.newPage();
    let scriptGzipBytes = 0;
    const scripts: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => {
          scriptGzipBytes += gzipSync(body, { level: 9 }).length;
        }),
      );
    });
    await page.goto('/form', { waitUntil: 'networkidle' });
    await Promise.all(scripts);
    expect(scriptGzipBytes).toBeGreaterThan(0);
    expect(scriptGzipBytes).toBeLessThanOrEqual(60 * 1024);

    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/form');
    await page.getByLabel('Nom ou ville de l’école').fill('démo');
    await page.getByLabel('Nom ou ville de l’école').press('Enter');
    await page.getByRole('heading', { level: 3, name: 'École Démo' }).waitFor();
    expect(await page.getByRole('link', { name: 'Payer', exact: true }).getAttribute('href')).toBe(
      '/payer/ecole-demo',
    );
  });
});
