import { describe, inject, it } from 'vitest';
import { useBrowser } from './support/browser';

/**
 * The journey: from a student's page, the Finance member asks the guardian to pay the
 * registration invoice with Mixx by Yas; the guardian approves on the sandbox's téléphone page
 * with a secret code; the student's page follows the payment live and shows the invoice paid.
 */
describe('requesting a payment and approving it on the téléphone page (journey)', () => {
  const browser = useBrowser();

  it('the invoice is paid once the guardian approves', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill('finance@ecole-demo.tg');
    await page.getByLabel('Mot de passe', { exact: true }).fill('ecolage-demo');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');

    await page.goto('/admin/etudiants?search=Abla');
    await page
      .getByRole('link', { name: /Abla Kuassi/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Abla Kuassi' }).waitFor();

    await page.getByRole('button', { name: 'Demander un paiement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demander un paiement' });
    await dialog.getByRole('radio', { name: /Mixx by Yas/ }).check();
    // Only the oldest open invoice.
    const invoices = dialog.getByRole('group', { name: 'Factures à payer' });
    await invoices.getByRole('checkbox', { name: 'Toutes les factures' }).uncheck();
    const oldest = invoices.getByRole('checkbox', { name: /ST-\d{4}-\d{4}/ }).first();
    await oldest.check();
    const label = await oldest.evaluate(
      (input) => (input as HTMLInputElement).labels?.[0]?.innerText,
    );
    const number = /ST-\d{4}-\d{4}/.exec(label ?? '')![0];
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await dialog.getByText(/valider le paiement sur son téléphone/).waitFor();

    // The guardian's phone: the sandbox's téléphone page shows the operator's prompt.
    const phone = await browser.newPage();
    await phone.goto(`${inject('sandboxUrl')}/telephone?numero=%2B22879016081`);
    const prompt = phone.getByRole('region', { name: /Demande de Mixx by Yas/ });
    await prompt.getByText(/Confirmez le paiement de/).waitFor();
    await prompt.getByLabel('Code secret').fill('2468');
    await prompt.getByRole('button', { name: 'Payer' }).click();
    await phone.getByText('Paiement confirmé.').waitFor();

    // The provider notifies the server, which asks for the status and pays the invoice.
    await dialog.getByText('Paiement reçu').waitFor({ timeout: 20_000 });
    // Other journeys may have paid the older invoices: the one chosen is whichever was oldest.
    await dialog.getByText(new RegExp(`${number} — `)).waitFor();
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await page
      .getByRole('row', { name: new RegExp(number) })
      .getByText('Payée')
      .waitFor();
    const payments = page.getByRole('region', { name: 'Paiements et reçus' });
    await payments.getByText('Succès').first().waitFor();
  });
});
