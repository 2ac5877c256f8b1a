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
 * The amounts of the page (« 1 265 000 FCFA », no-break spaces as the app writes them) that the
 * browser laid out on more than one line, or past the viewport's right edge. The sentence around
 * an amount may wrap; the amount may not.
 */
function brokenAmounts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/-?\d[\d\u202F\u00A0]*\u00A0FCFA/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1 || range.getBoundingClientRect().right > window.innerWidth) {
          broken.push(match[0]);
        }
      }
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

  // One sign-in for the three screens: the sign-in routes are rate-limited per address.
  it(
    'at 360 px: students as cards, amounts on one line, the programmes’ buttons on screen',
    {
      timeout: 60_000,
    },
    async () => {
      const page = await phone.newPage();
      await logIn(page, 'direction@ecole-demo.tg', 'ecolage-demo');

      // The students list: one card per student, Statut and Solde in sight, nothing scrolls sideways.
      await page.goto('/admin/etudiants');
      const list = page.getByRole('table', { name: /étudiants/i });
      const card = list.getByRole('row').nth(1);
      await card.waitFor();
      expect(await overflow(page)).toBe(0);
      for (const label of ['Statut', 'Solde']) {
        const box = await card.locator(`[data-label="${label}"]`).boundingBox();
        expect(box, label).not.toBeNull();
        expect(box!.x + box!.width, label).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await offScreen(page, 'table [role="cell"], table button')).toEqual([]);
      expect(await brokenAmounts(page)).toEqual([]);

      // A student's page: « 1 265 000 FCFA » on one line in each balance card.
      await card.getByRole('link').click();
      await page.waitForURL(/\/admin\/etudiants\/[0-9a-f-]{36}$/);
      await page
        .getByRole('region', { name: 'Soldes' })
        .getByText(/\d\s?FCFA/)
        .first()
        .waitFor();
      expect(await brokenAmounts(page)).toEqual([]);
      expect(await overflow(page)).toBe(0);

      // Programmes: « Feuille de QR codes (PDF) » and the other buttons inside their level's card.
      await page.goto('/admin/programmes');
      await page
        .getByRole('button', { name: /feuille de QR codes/i })
        .first()
        .waitFor();
      expect(await offScreen(page, 'main button')).toEqual([]);
      expect(await brokenAmounts(page)).toEqual([]);
      expect(await overflow(page)).toBe(0);
    },
  );
});
