import { brotliDecompressSync } from 'node:zlib';
import { PayerMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { formatFrancs } from '@ecolage/money';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { usePaymentsHarness } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import { familyOfTwo, formKey, linkOf, openLinkPage, testSigner } from './payer-link.test-support';

/** The page's words, markup gone (no-break spaces kept: amounts are written with them). */
const text = (page: string) => page.replace(/<[^>]+>/g, ' ').replace(/[ \t\r\n]+/g, ' ');
const invoiceBoxes = (page: string) =>
  [...page.matchAll(/name="invoiceIds"\s+value="([^"]+)"/g)].map((match) => match[1]);

describe('The payment link page', () => {
  const harness = usePaymentsHarness();

  it('shows the school, the guardian and both children’s open invoices, what is due soon ticked', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890334401');
    // One invoice already past due in the school's calendar.
    const late = await ok(
      family.call('POST', '/api/invoices', {
        studentId: family.ama.id,
        label: 'Frais d’examen',
        dueOn: '2025-10-05',
        lines: [{ label: 'Examen', amount: 25_000 }],
        issue: true,
      }),
      201,
    );
    const link = await linkOf(context, family);
    const page = await openLinkPage(app, link.token);
    const shown = text(page);

    expect(page).toContain('<html lang="fr">');
    expect(page.match(/<h1/g)).toHaveLength(1);
    expect(shown).toContain('Bonjour Afi Agbéko');
    expect(shown).toContain(family.schoolName);
    for (const child of [family.kossi, family.ama]) {
      expect(shown).toContain(child.fullName);
      expect(shown).toContain(`Matricule ${child.matricule}`);
    }
    expect(shown).toContain('Licence Informatique · L1');
    expect(shown).toContain('Master Droit · M1');
    // Every open invoice of both children, with its number, due day and balance; what falls due
    // within 30 days (Lomé is on UTC) is ticked, the later instalments are folded and unticked.
    const all = [...family.kossiInvoices, ...family.amaInvoices, late];
    expect(invoiceBoxes(page).sort()).toEqual(all.map((invoice) => invoice.id).sort());
    const soon = new Date(context.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const dueSoon = all.filter((invoice) => invoice.dueOn <= soon);
    expect(dueSoon.length).toBeGreaterThan(0);
    expect(page.match(/name="invoiceIds"[^>]*checked/g)).toHaveLength(dueSoon.length);
    for (const invoice of dueSoon) {
      expect(page).toMatch(new RegExp(`value="${invoice.id}"[^>]*checked`));
    }
    if (dueSoon.length < all.length) expect(shown).toContain('Échéances suivantes');
    expect(shown).toMatch(/ST-\d{4}-\d{4}/);
    expect(shown).toContain('Échéance : 5 octobre 2025');
    expect(shown.match(/en retard/g)).toHaveLength(1);
    expect(shown).toContain('25\u202F000\u00A0FCFA');
    // Wallets offered by the school's providers, each with its label; the guardian's phone.
    expect(page).toMatch(
      /type="radio"\s+id="moyen-YAS_TG"\s+name="wallet"\s+value="YAS_TG"\s+checked/,
    );
    for (const label of [
      'Mixx by Yas',
      'Moov Flooz',
      'MTN MoMo',
      'Orange Money',
      'Wave',
      'Carte bancaire',
    ]) {
      expect(shown).toContain(label);
    }
    expect(page).toMatch(
      /type="tel"\s+inputmode="tel"\s+autocomplete="tel"\s+value="\+228 90 33 44 01"/,
    );
    expect(formKey(page)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const total = dueSoon.reduce((sum, invoice) => sum + (invoice.total - (invoice.paid ?? 0)), 0);
    expect(shown).toContain(`Payer ${formatFrancs(total)}`);
    // Partial payments are off by default: no amount field.
    expect(page).not.toContain('name="amount"');
    // A fresh key each time the page is shown.
    expect(formKey(await openLinkPage(app, link.token))).not.toBe(formKey(page));
    // Compressed for the browsers that accept it (a phone on 3G), never cached.
    const compressed = await app.inject({
      method: 'GET',
      url: `/payer/l/${link.token}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'no-store',
    });
    expect(compressed.rawPayload.length).toBeLessThan(page.length / 3);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('Bonjour Afi Agbéko');
  });

  it('shows the amount field with its minimum when the school allows partial payments', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890334402');
    const settings = await ok(family.call('GET', '/api/billing/settings'));
    await ok(
      family.call('PUT', '/api/billing/settings', {
        ...settings,
        onlinePayment: { partialAllowed: true, minimumAmount: 10_000 },
      }),
    );
    const page = await openLinkPage(app, (await linkOf(context, family)).token);
    expect(page).toContain('<label for="montant">Montant à payer (facultatif)</label>');
    expect(text(page)).toContain('Minimum : 10\u202F000\u00A0FCFA.');
  });

  it('a student’s link shows that student only, not the siblings', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890334403');
    const link = await linkOf(context, family, { studentId: family.ama.id, purpose: 'qr' });
    const page = await openLinkPage(app, link.token);
    expect(text(page)).toContain(family.ama.fullName);
    expect(text(page)).not.toContain(family.kossi.fullName);
    expect(invoiceBoxes(page).sort()).toEqual(family.amaInvoices.map((i) => i.id).sort());
  });

  it('refuses a tampered or unknown link (404) and sends an expired one to the pay page (410)', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890334404');
    const link = await linkOf(context, family);
    const [id, signature] = link.token.split('.') as [string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const token of [`${id}.${flipped}`, 'pas-un-lien', testSigner.token('ABCDEFGHJKLM')]) {
      const refused = await app.inject({ method: 'GET', url: `/payer/l/${token}` });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['content-type']).toContain('text/html');
      expect(refused.body).toContain(escapeHtml(PayerMessages.linkInvalid));
      expect(refused.body).not.toContain(family.schoolName);
    }

    const old = await linkOf(context, family, {
      now: new Date(context.now().getTime() - 31 * 24 * 3600 * 1000),
    });
    const expired = await app.inject({ method: 'GET', url: `/payer/l/${old.token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain(escapeHtml(PayerMessages.linkExpired));
    expect(expired.body).toContain(`href="/payer/${family.slug}"`);
    expect(expired.body).toContain(family.schoolName);
    // Paying through it is refused the same way.
    const post = await app.inject({
      method: 'POST',
      url: `/payer/l/${old.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'wallet=YAS_TG',
    });
    expect(post.statusCode).toBe(410);
  });

  it('says there is nothing to pay, with the school’s contact, when every invoice is paid', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890334405');
    await context.db.execute(sql`update organizations set support_phone = '+22822210000',
      contact_email = 'compta@ecole.tg' where id = ${family.organizationId}`);
    for (const invoice of [...family.kossiInvoices, ...family.amaInvoices]) {
      await ok(family.call('POST', `/api/invoices/${invoice.id}/void`, { reason: 'Test' }));
    }
    const page = await openLinkPage(app, (await linkOf(context, family)).token);
    expect(text(page)).toContain(PayerMessages.nothingDue);
    expect(text(page)).toContain('+228 22 21 00 00');
    expect(page).toContain('mailto:compta@ecole.tg');
    expect(page).not.toContain('<form');
  });
});
