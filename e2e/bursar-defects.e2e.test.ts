import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';

/**
 * What a bursar tripped over (issue 15, items 14–19), tried as the school and a parent would:
 * a new student enrolled from « Nouvel Étudiant »; a wrong secret code on Moov Flooz ending
 * « Échec » with its reason and the operator's expiry; a paid request whose receipt appears in
 * « Reçus » without a reload; one word per payment state; the PSP filter in the column's words;
 * the pre-registration form offering only the chosen programme's levels.
 */
describe('what a bursar trips over (journey)', () => {
  const browser = useBrowser();

  async function logIn(page: Page) {
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill('directeur@ecole-demo.tg');
    await page.getByLabel('Mot de passe', { exact: true }).fill('ecolage-demo');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
  }

  /** « Demander un paiement » for the student's oldest open invoice, with `wallet`. */
  async function requestPayment(page: Page, wallet: RegExp) {
    await page.getByRole('button', { name: 'Demander un paiement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demander un paiement' });
    await dialog.getByRole('radio', { name: wallet }).check();
    const invoices = dialog.getByRole('group', { name: 'Factures à payer' });
    await invoices.getByRole('checkbox', { name: 'Toutes les factures' }).uncheck();
    await invoices
      .getByRole('checkbox', { name: /ST-\d{4}-\d{4}/ })
      .first()
      .check();
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    const push = dialog.getByText(/valider le paiement sur son téléphone \(\+228[^)]+\)/);
    const text = (await push.textContent()) ?? '';
    const phone = /\((\+228[^)]+)\)/.exec(text)![1]!.replace(/\s/g, '');
    return { dialog, phone };
  }

  it('enrols a new student from « Nouvel Étudiant » (item 17)', async () => {
    const page = await browser.newPage();
    await logIn(page);
    await page.goto('/admin/etudiants');
    await page.getByRole('button', { name: 'Nouvel Étudiant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un nouvel étudiant' });
    await dialog.getByLabel('Nom complet').fill('Sénamé Parcours');
    await dialog
      .getByRole('combobox', { name: 'Programme' })
      .selectOption({ label: 'Master Droit' });
    const level = dialog.getByRole('combobox', { name: /^Niveau/ });
    expect(await level.locator('option').allTextContents()).toEqual([
      'Choisissez un niveau…',
      'M1',
      'M2',
    ]);
    await level.selectOption({ label: 'M1' });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(/Étudiant ajouté \(STU-\d+\) et inscrit/).waitFor();

    await page.getByLabel('Rechercher un étudiant').fill('Sénamé');
    const row = page.getByRole('row', { name: /Sénamé Parcours/ });
    await row.waitFor();
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('M1');
    // Registration and first months billed: the balance is not 0 FCFA.
    expect(text).not.toMatch(/(^|\s)0 FCFA/);
  });

  it('a wrong Flooz code fails at once with its reason; a paid request shows its receipt (items 14, 15, 19)', async () => {
    const page = await browser.newPage();
    await logIn(page);
    await page.goto('/admin/etudiants?q=Kafui');
    await page
      .getByRole('link', { name: /Kafui Attiogbé/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Kafui Attiogbé' }).waitFor();
    const receipts = page.getByRole('region', { name: 'Reçus' });
    await receipts.getByText('Aucun reçu pour le moment.').waitFor();

    // Moov Flooz, and the parent types a wrong secret code.
    const flooz = await requestPayment(page, /Moov Flooz/);
    const expiry = (await flooz.dialog.getByText(/La demande expire à/).textContent()) ?? '';
    const phone = await browser.newPage();
    await phone.goto(`${inject('sandboxUrl')}/telephone?numero=${encodeURIComponent(flooz.phone)}`);
    const prompt = phone.getByRole('region', { name: /Demande de Moov Money/ });
    const operator = (await prompt.getByText(/expire à/).textContent()) ?? '';
    // The time the school reads is the operator prompt's.
    expect(/expire à (\d{2}:\d{2})/.exec(expiry)?.[1]).toBe(
      /expire à (\d{2}:\d{2})/.exec(operator)?.[1],
    );
    await prompt.getByLabel('Code secret').fill('0000');
    await prompt.getByRole('button', { name: 'Payer' }).click();
    await phone.getByText('Code secret incorrect : le paiement a échoué.').waitFor();
    await flooz.dialog
      .getByText(
        'Paiement non validé sur le téléphone du payeur (code secret incorrect ou demande refusée)',
      )
      .waitFor({ timeout: 10_000 });
    await flooz.dialog.getByText('Échec', { exact: true }).waitFor();
    await flooz.dialog.getByRole('button', { name: 'Fermer' }).last().click();

    // Mixx by Yas, approved: « Reçus » shows the receipt without a reload.
    const mixx = await requestPayment(page, /Mixx by Yas/);
    await phone.goto(`${inject('sandboxUrl')}/telephone?numero=${encodeURIComponent(mixx.phone)}`);
    const approval = phone.getByRole('region', { name: /Demande de Mixx by Yas/ });
    await approval.getByLabel('Code secret').fill('2468');
    await approval.getByRole('button', { name: 'Payer' }).click();
    await mixx.dialog.getByText('Paiement reçu').waitFor({ timeout: 20_000 });
    await mixx.dialog.getByText('Succès', { exact: true }).waitFor();
    await mixx.dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await receipts.getByText(/REC-\d{4}-\d{6}/).waitFor({ timeout: 20_000 });

    // One word per state on the student's page.
    const payments = page.getByRole('region', { name: 'Paiements et reçus' });
    await payments.getByText('Succès', { exact: true }).first().waitFor();
    await payments.getByText('Échec', { exact: true }).first().waitFor();
    expect(await page.getByText('Réussi', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Échoué', { exact: true }).count()).toBe(0);
  }, 60_000);

  it('filters « Paiements » by what its PSP column shows (items 18, 19)', async () => {
    const page = await browser.newPage();
    await logIn(page);
    await page.goto('/admin/paiements');
    const psp = page.getByRole('combobox', { name: 'PSP' });
    await psp.locator('option', { hasText: 'Caisse' }).waitFor({ state: 'attached' });
    const choices = await psp.locator('option').allTextContents();
    expect(choices).toEqual([
      'Tous les PSP',
      'Mixx by Yas',
      'Moov Flooz',
      'MTN MoMo',
      'Orange Money',
      'Wave',
      'Carte bancaire',
      'Caisse',
    ]);
    const filtered = page.waitForResponse(
      (answer) => answer.url().includes('/api/payments?') && /[?&]psp=/.test(answer.url()),
    );
    await psp.selectOption({ label: 'Moov Flooz' });
    await page.waitForURL(/psp=flooz/);
    await filtered;
    const rows = page.getByRole('table').locator('tbody tr');
    // The list shows the filtered page once React has rendered the answer: every row is Flooz.
    await expect
      .poll(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes('Moov Flooz'));
      })
      .toBe(true);
    await rows.getByText('Échec', { exact: true }).first().waitFor();
    expect(await page.getByText('Réussi', { exact: true }).count()).toBe(0);
  });

  it('offers only the chosen programme’s levels on the pre-registration form (item 16)', async () => {
    const form = await browser.newPage();
    await form.goto('/inscription/ecole-demo');
    const programme = form.getByLabel('Programme');
    const level = form.getByLabel('Niveau');
    await programme.selectOption({ label: 'Master Droit' });
    expect(await level.locator('option').allTextContents()).toEqual([
      'Choisissez un niveau…',
      'M1',
      'M2',
    ]);
    await form.getByLabel('Nom', { exact: true }).fill('Elikem Parcours');
    await form.getByLabel('E-mail', { exact: true }).fill('elikem.parcours@example.tg');
    await form.getByLabel('Téléphone').fill('90887766');
    await form.getByLabel('Genre').selectOption({ label: 'Masculin' });
    await level.selectOption({ label: 'M1' });
    await form.getByRole('button', { name: 'Envoyer la demande' }).click();
    await form.getByText(/Votre demande d’inscription a bien été reçue/).waitFor();
  });
});
