import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('ecolage-demo');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

/**
 * Issue 15, item 8: a Mixx by Yas push waits on Mawuli's mother's phone for his oldest invoice.
 * At the desk, that invoice is shown with the payment in flight (wallet, provider, amount, since,
 * expiry) and not offered; « Vérifier le statut » says it is still waiting; « Annuler la demande »
 * gives it up, and the invoice is then taken in cash. The desk is closed again at the end.
 */
describe('the cash desk and a mobile-money payment in flight (journey)', () => {
  const browser = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('sees the pending push, cancels it, then takes the invoice', { timeout: 60_000 }, async () => {
    // The school's director (Super administration) asks for the payment and keeps the desk.
    const page = await browser.newPage();
    await logIn(page, 'direction@ecole-demo.tg');
    // The request goes through the API with the page's own session (the students' screens are
    // another journey's); it waits on the mother's phone.
    const { invoiceNumber } = await page.evaluate(async () => {
      const { accessToken } = JSON.parse(localStorage.getItem('ecolage.session') ?? '{}') as {
        accessToken: string;
      };
      const call = async (url: string, body?: object) => {
        const response = await fetch(url, {
          method: body ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const students = await call('/api/students?search=Mawuli&page=1&pageSize=5');
      const student = students.items[0];
      const detail = await call(`/api/students/${student.id}`);
      const payer = detail.guardians.find((guardian: { mainPayer: boolean }) => guardian.mainPayer);
      const open = await call(`/api/invoices?studentId=${student.id}&status=open&pageSize=50`);
      const oldest = [...open.items].sort((a, b) => a.dueOn.localeCompare(b.dueOn))[0];
      const payment = await call('/api/payments', {
        guardianId: payer.id,
        wallet: 'YAS_TG',
        invoiceIds: [oldest.id],
      });
      if (payment.status !== 'pending') throw new Error(`payment ${payment.status}`);
      return { invoiceNumber: oldest.number as string };
    });

    // — At the desk: the push is shown with its invoice, which is not offered.
    await page.getByRole('link', { name: 'Caisse' }).click();
    await page.getByLabel('Fond de caisse (FCFA)').fill('0');
    await page.getByRole('button', { name: 'Ouvrir la caisse' }).click();
    await page.getByRole('heading', { name: 'Caisse ouverte' }).waitFor();
    await page.getByLabel('Étudiant', { exact: true }).fill('Mawuli');
    await page.getByRole('button', { name: /Mawuli Dogbé/ }).click();
    const held = page.getByRole('region', { name: 'Paiements en attente' });
    await held.getByText(`Facture ${invoiceNumber}`).waitFor();
    const text = await held.innerText();
    expect(text).toMatch(
      /Mixx by Yas \((PayGate Global|FedaPay)\) : [\d\s\u00a0\u202f]+FCFA en attente/,
    );
    expect(text).toMatch(/Demandé le .+ à .+\. Expire à \d{2}:\d{2}\./);
    const invoices = page.getByRole('group', { name: 'Factures à payer' });
    await invoices.getByRole('checkbox').first().waitFor();
    expect(await invoices.getByRole('checkbox', { name: new RegExp(invoiceNumber) }).count()).toBe(
      0,
    );

    // — Still waiting when asked; then cancelled, and the invoice is offered again.
    await held.getByRole('button', { name: 'Vérifier le statut' }).click();
    await held.getByText('Toujours en attente de la validation du parent.').waitFor();
    await held.getByRole('button', { name: 'Annuler la demande' }).click();
    await held.getByRole('button', { name: 'Oui, annuler la demande' }).click();
    await page.getByText('Demande annulée : vous pouvez encaisser ces factures.').waitFor();
    expect(await held.count()).toBe(0);
    const freed = invoices.getByRole('checkbox', { name: new RegExp(invoiceNumber) });
    await freed.waitFor();

    // — The invoice is taken in cash, then the desk is closed with the right count.
    await invoices.getByRole('checkbox', { name: 'Toutes les factures' }).uncheck();
    await freed.check();
    await page.getByRole('radio', { name: 'Espèces' }).check();
    const amount = Number(
      (await page.getByLabel('Montant encaissé (FCFA)').inputValue()).replace(/\D/g, ''),
    );
    await page.getByRole('button', { name: 'Encaisser', exact: true }).click();
    await page.getByText('Paiement enregistré').waitFor();
    await page.getByRole('button', { name: 'Clôturer la caisse' }).first().click();
    const closing = page.getByRole('dialog', { name: 'Clôturer la caisse' });
    await closing.getByLabel('Espèces comptées (FCFA)').fill(String(amount));
    await closing.getByRole('button', { name: 'Clôturer' }).click();
    await page.getByRole('heading', { name: 'Caisse clôturée' }).waitFor();
  });
});
