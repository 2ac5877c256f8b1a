import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';

const folder = mkdtempSync(path.join(tmpdir(), 'ecolage-e2e-recu-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('ecolage-demo');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

/** The PDF the page asked for, fetched again with the page's own session (the app opens a blob). */
async function pdfOf(page: Page, url: string): Promise<Buffer> {
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('ecolage.session') ?? '{}') as { accessToken: string })
        .accessToken,
  );
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await response.arrayBuffer());
}

/** The PDF's text with poppler's pdftotext, and its first page as PNG (pdftoppm) read by jsQR. */
function readPdf(pdf: Buffer, name: string): { text: string; qr: string | undefined } {
  const file = path.join(folder, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(
    /[\s\u00A0\u202F]+/g,
    ' ',
  );
  execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, path.join(folder, name)]);
  const image = PNG.sync.read(readFileSync(path.join(folder, `${name}.png`)));
  const qr = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  return { text, qr };
}

/**
 * The journey: a cashier opens the desk, takes a cash payment and prints its ticket (text
 * and QR code read from the PDF), the verification page confirms it; a Mixx by Yas payment approved
 * on the sandbox's téléphone appears in « Paiements » and on the dashboard; Finance refunds part of
 * it and the refund shows in the list, the drawer, the student's receipts and the verification page;
 * the cashier closes the desk with a difference.
 */
describe('cash desk, receipts, payments list, refunds and dashboard (journey)', () => {
  const browser = useBrowser({ viewport: { width: 1366, height: 900 } });

  // A long journey (two roles, several screens, two PDFs): its own limit, not the 30 s default.
  it('from the opening of the desk to its closing count', { timeout: 90_000 }, async () => {
    // — The cashier opens the desk with a float of 10 000 FCFA.
    const desk = await browser.newPage();
    await logIn(desk, 'caisse@ecole-demo.tg');
    await desk.getByRole('link', { name: 'Caisse' }).click();
    await desk.getByLabel('Fond de caisse (FCFA)').fill('10000');
    await desk.getByRole('button', { name: 'Ouvrir la caisse' }).click();
    await desk.getByRole('heading', { name: 'Caisse ouverte' }).waitFor();

    // — Takes Abla's oldest open invoice in cash.
    await desk.getByLabel('Étudiant', { exact: true }).fill('Abla');
    await desk.getByRole('button', { name: /Abla Kuassi/ }).click();
    const invoices = desk.getByRole('group', { name: 'Factures à payer' });
    await invoices.getByRole('checkbox', { name: 'Toutes les factures' }).uncheck();
    const oldest = invoices.getByRole('checkbox', { name: /ST-\d{4}-\d{4}/ }).first();
    await oldest.check();
    await desk.getByRole('radio', { name: 'Espèces' }).check();
    const amount = Number(
      (await desk.getByLabel('Montant encaissé (FCFA)').inputValue()).replace(/\D/g, ''),
    );
    expect(amount).toBeGreaterThan(0);
    await desk.getByRole('button', { name: 'Encaisser', exact: true }).click();
    await desk.getByText('Paiement enregistré').waitFor();
    const receiptNumber = /REC-\d{4}-\d{6}/.exec(
      await desk.getByText(/Reçu n° REC-/).innerText(),
    )![0];

    // — Prints the ticket: the app fetches the 80 mm PDF and opens it in a new tab.
    const ticketAnswer = desk.waitForResponse((response) =>
      /\/api\/receipts\/[^/]+\/pdf\?format=thermal/.test(response.url()),
    );
    const tab = desk.waitForEvent('popup');
    await desk.getByRole('button', { name: 'Imprimer le reçu (ticket 80 mm)' }).click();
    const ticketUrl = (await ticketAnswer).url();
    await (await tab).close();
    const ticket = readPdf(await pdfOf(desk, ticketUrl), 'ticket');
    expect(ticket.text).toContain(receiptNumber);
    expect(ticket.text).toContain('École Démo');
    expect(ticket.text).toContain('Abla Kuassi');
    expect(ticket.text).toContain('Arrêté le présent reçu à la somme de');
    expect(ticket.text).toContain('Mode : Espèces');
    expect(ticket.text).toContain('Caissier : Komi Amegah');
    expect(ticket.qr).toMatch(new RegExp(`^${inject('baseUrl')}/verifier/[A-Za-z0-9_-]{16,}$`));

    // — The QR code leads to the public verification page, which confirms the receipt.
    const verifier = await browser.newPage();
    await verifier.goto(ticket.qr!);
    await verifier.getByRole('heading', { name: 'Reçu authentique' }).waitFor();
    await verifier.getByText(receiptNumber).waitFor();
    await verifier.getByText('Valide').waitFor();

    // — Finance asks Abla's mother to pay the next invoice with Mixx by Yas; she approves.
    const finance = await browser.newPage();
    await logIn(finance, 'finance@ecole-demo.tg');
    await finance.goto('/admin/etudiants?search=Abla');
    await finance
      .getByRole('link', { name: /Abla Kuassi/ })
      .first()
      .click();
    await finance.getByRole('heading', { name: 'Abla Kuassi' }).waitFor();
    await finance.getByRole('button', { name: 'Demander un paiement' }).click();
    const request = finance.getByRole('dialog', { name: 'Demander un paiement' });
    await request.getByRole('radio', { name: /Mixx by Yas/ }).check();
    const toPay = request.getByRole('group', { name: 'Factures à payer' });
    await toPay.getByRole('checkbox', { name: 'Toutes les factures' }).uncheck();
    const next = toPay.getByRole('checkbox', { name: /ST-\d{4}-\d{4}/ }).first();
    await next.check();
    const invoiceNumber = /ST-\d{4}-\d{4}/.exec(
      (await next.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.innerText)) ?? '',
    )![0];
    await request.getByRole('button', { name: 'Envoyer la demande' }).click();
    await request.getByText(/valider le paiement sur son téléphone/).waitFor();
    const phone = await browser.newPage();
    await phone.goto(`${inject('sandboxUrl')}/telephone?numero=%2B22879016081`);
    const prompt = phone.getByRole('region', { name: /Demande de Mixx by Yas/ });
    await prompt.getByLabel('Code secret').fill('2468');
    await prompt.getByRole('button', { name: 'Payer' }).click();
    await request.getByText('Paiement reçu').waitFor({ timeout: 20_000 });
    await request.getByRole('button', { name: 'Fermer' }).last().click();

    // — It appears in « Paiements » (with the cash payment) and on the dashboard.
    await finance.getByRole('link', { name: 'Paiements' }).click();
    const list = finance.getByRole('table', { name: 'Paiements', exact: true }).first();
    const mobileRow = list.getByRole('row').filter({ hasText: invoiceNumber });
    await mobileRow.getByText('Succès').waitFor({ timeout: 20_000 });
    await mobileRow.getByText(/Mixx by Yas/).waitFor();
    await list
      .getByRole('row')
      .filter({ hasText: /Caisse · Espèces/ })
      .first()
      .waitFor();
    await finance.goto('/admin');
    const figures = finance.getByRole('region', { name: 'Indicateurs du jour' });
    await figures.getByText('Encaissements du jour').waitFor();
    await figures.getByText(/\d+ réussis sur \d+ tentés/).waitFor();
    const recent = finance.getByRole('table', { name: 'Paiements récents' });
    await recent.getByRole('row').filter({ hasText: invoiceNumber }).waitFor();

    // — Finance refunds 5 000 FCFA of it: the drawer, the list, the receipts and the page show it.
    await finance.goto('/admin/paiements');
    await finance
      .getByRole('table', { name: 'Paiements', exact: true })
      .first()
      .getByRole('row')
      .filter({ hasText: invoiceNumber })
      .getByRole('link')
      .first()
      .click();
    const drawer = finance.getByRole('dialog', { name: 'Détail du paiement' });
    await drawer.getByRole('button', { name: 'Rembourser' }).click();
    const refund = finance.getByRole('dialog', { name: 'Rembourser le paiement' });
    await refund.getByLabel('Montant à rembourser').fill('5000');
    await refund
      .getByLabel('Motif du remboursement')
      .fill('Trop-perçu : remise accordée après paiement');
    const manual = refund.getByRole('radio', { name: /Manuel/ });
    if (await manual.count()) await manual.check();
    await refund.getByRole('button', { name: 'Rembourser' }).click();
    await drawer.getByText('Partiellement remboursé').first().waitFor({ timeout: 20_000 });
    const verifyHref = await drawer
      .getByRole('link', { name: /Page de vérification/ })
      .getAttribute('href');
    await drawer.getByRole('button', { name: 'Fermer' }).last().click();
    await finance
      .getByRole('table', { name: 'Paiements', exact: true })
      .first()
      .getByRole('row')
      .filter({ hasText: invoiceNumber })
      .getByText('Partiellement remboursé')
      .waitFor();
    await verifier.goto(verifyHref!);
    await verifier.getByText('Partiellement remboursé').first().waitFor();
    await finance.goto('/admin/etudiants?search=Abla');
    await finance
      .getByRole('link', { name: /Abla Kuassi/ })
      .first()
      .click();
    const studentReceipts = finance.getByRole('table', { name: "Reçus de l'étudiant" });
    await studentReceipts.getByText(receiptNumber).waitFor();
    await studentReceipts.getByText('Partiellement remboursé').waitFor();

    // — The cashier closes the desk 500 FCFA short, and explains why.
    await desk.getByRole('button', { name: 'Clôturer la caisse' }).first().click();
    const closing = desk.getByRole('dialog', { name: 'Clôturer la caisse' });
    await closing.getByLabel('Espèces comptées (FCFA)').fill(String(10_000 + amount - 500));
    await closing.getByText('Écart : −500 FCFA').waitFor();
    await closing.getByLabel("Explication de l'écart").fill('Monnaie rendue en trop à un parent');
    await closing.getByRole('button', { name: 'Clôturer' }).click();
    await desk.getByRole('heading', { name: 'Caisse clôturée' }).waitFor();
    await desk.getByText('−500 FCFA').first().waitFor();
  });
});
