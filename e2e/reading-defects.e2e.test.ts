import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';

const PHONE = { width: 360, height: 740 };

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

/** How far the page reaches past the viewport's right edge, in pixels (0: it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The texts of the page that are amounts (« 1 265 000 FCFA ») and that the browser laid out on
 * more than one line, or past the viewport's right edge.
 */
function brokenAmounts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!/\d\s?FCFA/.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
      const right = range.getBoundingClientRect().right;
      if (lines.size > 1 || right > window.innerWidth) broken.push(text);
    }
    return broken;
  });
}

/**
 * Elements matched by `selector` that pass the viewport's right edge, or the right edge of their
 * card (the closest `container`, when there is one).
 */
function offScreen(page: Page, selector: string, container = '[role="row"]'): Promise<string[]> {
  return page.evaluate(
    ([css, card]) =>
      Array.from(document.querySelectorAll(css))
        .filter((element) => {
          const right = element.getBoundingClientRect().right;
          const box = element.parentElement?.closest(card)?.getBoundingClientRect();
          return right > window.innerWidth + 0.5 || (box !== undefined && right > box.right + 0.5);
        })
        .map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
    [selector, container] as const,
  );
}

/**
 * What a bursar reads (issue 15, items 22 and 23): unknown addresses answer 404; the cash desk
 * without an open session logs no error; on a 360 px phone the students list is cards, amounts
 * stay on one line and the programmes' buttons stay on screen.
 */
describe('reading the product: 404s, a quiet cash desk, a 360 px phone', () => {
  const browser = useBrowser();
  const phone = useBrowser({ viewport: PHONE });

  it('answers 404 for an unknown address, with the not-found page; 200 for the app’s routes', async () => {
    const baseUrl = inject('baseUrl');
    for (const known of ['/', '/about', '/login', '/admin', '/admin/etudiants', '/verifier/abc']) {
      expect((await fetch(`${baseUrl}${known}`)).status, known).toBe(200);
    }
    for (const unknown of ['/nexiste-pas', '/admin/nexiste-pas', '/verifier/a/b']) {
      const response = await fetch(`${baseUrl}${unknown}`);
      expect(response.status, unknown).toBe(404);
      expect(response.headers.get('content-type'), unknown).toContain('text/html');
    }
    const page = await browser.newPage();
    const response = await page.goto('/nexiste-pas');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
  });

  it('opens the cash desk without a session and without any console error', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // A new school's administrator: no cash session has ever been opened there.
    const stamp = Date.now();
    const email = `direction.${stamp}@lecture.tg`;
    await page.goto('/signup');
    await page.getByLabel('Nom', { exact: true }).fill('Adjoa Amouzou');
    await page.getByLabel("Nom de l'école").fill(`École de lecture ${stamp}`);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-solide');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/login**');
    await logIn(page, email, 'motdepasse-solide');

    const current = page.waitForResponse((answer) =>
      answer.url().endsWith('/api/cash-sessions/current'),
    );
    await page.goto('/admin/caisse');
    expect((await current).status()).toBe(200);
    await page.getByLabel('Fond de caisse (FCFA)').waitFor();
    expect(errors).toEqual([]);
  });

  it('at 360 px: the students list is cards, every column in sight, nothing scrolls sideways', async () => {
    const page = await phone.newPage();
    await logIn(page, 'direction@ecole-demo.tg', 'ecolage-demo');
    await page.goto('/admin/etudiants');
    const list = page.getByRole('table', { name: /étudiants/i });
    await list.getByRole('row').nth(1).waitFor();
    expect(await overflow(page)).toBe(0);
    // The header row is for screen readers; each student's card shows Statut and Solde.
    const card = list.getByRole('row').nth(1);
    for (const label of ['Statut', 'Solde']) {
      const cell = card.locator(`[data-label="${label}"]`);
      const box = await cell.boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await offScreen(page, 'table [role="cell"], table button')).toEqual([]);
    expect(await brokenAmounts(page)).toEqual([]);
  });

  it('at 360 px: a student’s amounts stay on one line', async () => {
    const page = await phone.newPage();
    await logIn(page, 'direction@ecole-demo.tg', 'ecolage-demo');
    await page.goto('/admin/etudiants');
    const list = page.getByRole('table', { name: /étudiants/i });
    await list.getByRole('row').nth(1).getByRole('link').click();
    await page.waitForURL(/\/admin\/etudiants\/[0-9a-f-]{36}$/);
    await page
      .getByRole('region', { name: 'Soldes' })
      .getByText(/\d\s?FCFA/)
      .first()
      .waitFor();
    expect(await brokenAmounts(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
  });

  it('at 360 px: the programmes’ QR code sheet buttons stay on screen', async () => {
    const page = await phone.newPage();
    await logIn(page, 'direction@ecole-demo.tg', 'ecolage-demo');
    await page.goto('/admin/programmes');
    await page
      .getByRole('button', { name: /Feuille de QR codes/ })
      .first()
      .waitFor();
    expect(await offScreen(page, 'main button')).toEqual([]);
    expect(await brokenAmounts(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
  });
});
