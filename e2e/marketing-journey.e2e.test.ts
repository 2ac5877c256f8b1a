import {
  CouponMessages,
  type Campaign,
  type Coupon,
  type CouponRedemption,
  type Scholarship,
} from '@ecolage/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, call, DIRECTION, logIn, tokenOf } from './support/accounting';
import { francsOnScreen } from './support/accounting-files';
import {
  eventually,
  fillPreRegistration,
  marketingBrowser,
  plusDays,
  RECEIVED,
  resultFrancs,
  resultText,
  roiOnScreen,
  serverToday,
  shot,
  type Applicant,
} from './support/marketing';
import { nextSms, payWithMixx, smsTo } from './support/payer';

/**
 * Issue 21's « Done when », in Chromium: staff create a Facebook campaign and its tracking link,
 * and a coupon of one use on the registration fees; a visitor on a phone comes through the link,
 * pre-registers with the coupon, is accepted (the « Inscription » invoice carries the coupon's
 * line) and pays with the sandbox's mobile money; the campaign shows one conversion, the revenue
 * collected and the ROI; the coupon shows its use and refuses another (épuisé); a scholarship
 * recommended by Scolarité, who cannot grant it, is granted by the Directeur and the invoice
 * shows its line. Its own campaign, coupon and students: no other journey's data is touched.
 */

const SCOLARITE = 'scolarite@ecole-demo.tg';
const DIRECTEUR = 'directeur@ecole-demo.tg';
const CAMPAIGN = 'Rentrée 2026';
const LINK_LABEL = 'Publication Facebook de la rentrée';
/** Unique in a school: the e2e server is fresh, a rerun against the same one gets a suffix. */
const COUPON = `BIENVENUE-${String(Date.now()).slice(-4)}`;
const COUPON_DISCOUNT = 10_000;
const BUDGET = 50_000;
const SPEND = 15_000;
const SCHOLARSHIP = 'Bourse du mérite marketing';
const SCHOLARSHIP_AMOUNT = 15_000;

const stamp = String(Date.now()).slice(-6);
/** Two applicants no other journey knows (names without a leading vowel: « de Kafui … »). */
const APPLICANT: Applicant = {
  name: `Kafui Campagne ${stamp}`,
  email: `kafui.campagne.${stamp}@example.tg`,
  phone: `90${stamp}`,
};
const LATECOMER: Applicant = {
  name: `Sena Retardataire ${stamp}`,
  email: `sena.retard.${stamp}@example.tg`,
  phone: `91${stamp}`,
};
const e164 = (applicant: Applicant) => `+228${applicant.phone}`;

interface InvoiceRow {
  id: string;
  number: string | null;
  label: string;
  total: number;
  balance: number;
  status: string;
}
interface InvoiceLineRow {
  kind: string;
  label: string;
  amount: number;
}

async function invoicesOf(token: string, studentId: string): Promise<InvoiceRow[]> {
  const page = await api<{ items: InvoiceRow[] }>(
    `/api/invoices?studentId=${studentId}&pageSize=50`,
    { token },
  );
  return page.items;
}

async function linesOf(token: string, invoiceId: string): Promise<InvoiceLineRow[]> {
  return (await api<{ lines: InvoiceLineRow[] }>(`/api/invoices/${invoiceId}`, { token })).lines;
}

async function studentNamed(token: string, name: string): Promise<{ id: string }> {
  const found = await api<{ items: { id: string; fullName: string }[] }>(
    `/api/students?search=${encodeURIComponent(name)}&page=1&pageSize=5`,
    { token },
  );
  const student = found.items.find((one) => one.fullName === name);
  if (!student) throw new Error(`${name} introuvable`);
  return student;
}

/** The student's page, then the invoice whose row matches `row`, opened in its dialog. */
async function openInvoice(staff: Page, studentId: string, invoice: InvoiceRow) {
  await staff.goto(`/admin/etudiants/${studentId}`);
  const open = staff.getByRole('button', { name: `Ouvrir la facture ${invoice.number}` });
  await open.click();
  const dialog = staff.getByRole('dialog', { name: `Facture ${invoice.number}` });
  await dialog.getByRole('table', { name: 'Lignes de la facture' }).waitFor();
  return dialog;
}

/** The invoice dialog's « Reste à payer », in francs. */
async function dueOnScreen(dialog: Locator): Promise<number> {
  const due = dialog
    .locator('dl > div')
    .filter({ has: dialog.page().locator('dt', { hasText: /^Reste à payer$/ }) })
    .locator('dd');
  return francsOnScreen(await due.innerText());
}

describe(
  'Marketing: a campaign’s conversion and ROI, a coupon, a scholarship (journey)',
  { timeout: 300_000 },
  () => {
    const browser = marketingBrowser();
    afterAll(() => browser.close());
    const state: {
      token?: string;
      staff?: Page;
      campaign?: Campaign;
      coupon?: Coupon;
      shortUrl?: string;
      studentId?: string;
      registration?: InvoiceRow;
      paid?: number;
    } = {};

    it('staff create the campaign, its tracking link and a coupon of one use', async () => {
      const token = await tokenOf(DIRECTION);
      state.token = token;
      const today = await serverToday();
      const staff = await browser.staff();
      state.staff = staff;
      await logIn(staff, DIRECTION);
      await staff.goto('/admin/marketing');
      await staff.getByRole('heading', { name: 'Marketing', level: 1 }).waitFor();

      // « Nouvelle Campagne »: Facebook, its budget and what it has cost so far.
      await staff.getByRole('button', { name: 'Nouvelle Campagne' }).first().click();
      const dialog = staff.getByRole('dialog', { name: 'Nouvelle Campagne' });
      await dialog.getByLabel('Nom de la campagne').fill(CAMPAIGN);
      await dialog.getByLabel('Canal').selectOption({ label: 'Facebook' });
      await dialog.getByLabel('Budget (FCFA)').fill(String(BUDGET));
      await dialog.getByLabel('Dépense à ce jour (FCFA)').fill(String(SPEND));
      await dialog.getByLabel('Début').fill(today);
      await dialog.getByLabel('Fin').fill(plusDays(today, 90));
      await shot(staff, '1-nouvelle-campagne', false);
      await dialog.getByRole('button', { name: 'Créer la campagne' }).click();
      // Created, its page opens: Actif, its code, its first link.
      await staff.waitForURL(/\/admin\/marketing\/campagnes\/[0-9a-f-]{36}$/);
      await staff.getByRole('heading', { name: CAMPAIGN, level: 1 }).waitFor();
      const campaignId = /\/admin\/marketing\/campagnes\/([0-9a-f-]{36})/.exec(staff.url())![1]!;
      await staff.getByRole('heading', { name: 'Résultats' }).waitFor();
      // Its own link for the Facebook post, beside the first one.
      await staff.getByRole('button', { name: 'Nouveau lien' }).click();
      await staff.getByLabel('Nom du lien').fill(LINK_LABEL);
      await staff.getByRole('button', { name: 'Créer le lien' }).click();
      const link = staff.getByRole('listitem').filter({ hasText: LINK_LABEL });
      await link.getByText(/\/s\/[0-9A-Za-z]+/).waitFor();
      const shown = /https?:\/\/\S+\/s\/[0-9A-Za-z]+/.exec(await link.innerText());
      expect(shown, 'le lien court de la campagne').not.toBeNull();
      state.shortUrl = shown![0];
      await link.getByText(/\/inscription\/ecole-demo\?.*utm_campaign=/).waitFor();
      await shot(staff, '2-lien-de-suivi');
      // Back to the list: Actif, budget and spend, no conversion yet.
      await staff.getByRole('link', { name: 'Campagnes', exact: true }).click();
      const row = staff.getByRole('row').filter({ hasText: CAMPAIGN });
      await row.getByText('Actif').waitFor();
      await row.getByText('dont 0 inscrit').waitFor();
      await shot(staff, '3-campagnes');
      const campaign = await api<Campaign>(`/api/marketing/campaigns/${campaignId}`, { token });
      expect(campaign).toMatchObject({ channel: 'facebook', budget: BUDGET, spend: SPEND });
      expect(campaign.results).toMatchObject({ registrations: 0, enrolments: 0, revenue: 0 });
      state.campaign = campaign;

      // « Nouveau Coupon »: a fixed amount off the registration fees, one use in all.
      await staff.getByRole('tab', { name: 'Coupons' }).click();
      await staff.waitForURL((url) => url.searchParams.get('onglet') === 'coupons');
      await staff.getByRole('button', { name: 'Nouveau Coupon' }).first().click();
      const couponDialog = staff.getByRole('dialog', { name: 'Nouveau Coupon' });
      await couponDialog.getByLabel(/^Code/).fill(COUPON);
      await couponDialog.getByLabel('Montant fixe (FCFA)', { exact: true }).check();
      await couponDialog.getByLabel(/^Montant \(FCFA\)/).fill(String(COUPON_DISCOUNT));
      await couponDialog
        .getByLabel(/^Portée/)
        .selectOption({ label: 'Frais d’inscription uniquement' });
      await couponDialog.getByLabel(/^Valable du/).fill(today);
      await couponDialog.getByLabel(/^au \(inclus\)/).fill(plusDays(today, 90));
      await couponDialog.getByLabel(/^Utilisations au total/).fill('1');
      await shot(staff, '4-nouveau-coupon', false);
      await couponDialog.getByRole('button', { name: 'Créer le coupon' }).click();
      await couponDialog.waitFor({ state: 'hidden' });
      const couponRow = staff.getByRole('row').filter({ hasText: COUPON });
      await couponRow.getByText('Actif').waitFor();
      await couponRow.getByText('0 / 1').waitFor();
      await shot(staff, '5-coupons');
      const coupons = await api<{ items: Coupon[] }>(`/api/coupons?q=${COUPON}`, { token });
      const coupon = coupons.items.find((one) => one.code === COUPON)!;
      expect(coupon).toMatchObject({
        kind: 'fixed',
        value: COUPON_DISCOUNT,
        scope: 'registration',
        maxUses: 1,
        uses: 0,
        status: 'active',
      });
      state.coupon = coupon;
    });

    it('a visitor comes through the link on a phone and pre-registers with the coupon', async () => {
      const visitor = await browser.visitor();
      await visitor.goto(new URL(state.shortUrl!).pathname);
      await visitor.waitForURL(
        (url) =>
          url.pathname === '/inscription/ecole-demo' &&
          url.searchParams.get('utm_campaign') === state.campaign!.code &&
          url.searchParams.get('utm_source') === 'facebook',
      );
      await visitor.getByRole('button', { name: 'Envoyer la demande' }).waitFor();
      // The touch is kept by the browser (last touch wins, 30 days, no cookie)…
      const kept = () =>
        visitor.evaluate(() =>
          Object.keys(window.localStorage).filter((key) => key.startsWith('ecolage:campagne:')),
        );
      expect(await kept()).toHaveLength(1);
      await shot(visitor, '6-formulaire-telephone', false);
      // …and the visitor comes back later by the plain address: still the campaign's.
      await visitor.goto('/inscription/ecole-demo');
      await visitor.getByRole('button', { name: 'Envoyer la demande' }).waitFor();
      await fillPreRegistration(visitor, APPLICANT, COUPON.toLowerCase());
      await visitor.getByText(RECEIVED).waitFor();
      await shot(visitor, '7-demande-recue', false);
      expect(
        await visitor.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(390);

      // The use is held while the request waits.
      const held = await api<Coupon>(`/api/coupons/${state.coupon!.id}`, {
        token: state.token!,
      });
      expect(held.uses).toBe(1);
    });

    it('staff accept the request: the « Inscription » invoice carries the coupon’s line', async () => {
      const staff = state.staff!;
      const token = state.token!;
      await staff.goto('/admin/etudiants/inscriptions');
      const request = staff.getByRole('row').filter({ hasText: APPLICANT.name });
      await request.getByText(`Campagne : ${CAMPAIGN}`).waitFor();
      await request.getByText(new RegExp(`Code promo ${COUPON}`)).waitFor();
      await shot(staff, '8-demande-attribuee');
      const seen = await smsTo(e164(APPLICANT));
      await staff.getByRole('button', { name: `Accepter la demande de ${APPLICANT.name}` }).click();
      await staff.getByRole('button', { name: 'Accepter et inscrire' }).click();
      await staff.getByText(new RegExp(`${APPLICANT.name} est inscrit`)).waitFor();

      const student = await studentNamed(token, APPLICANT.name);
      state.studentId = student.id;
      const invoices = await invoicesOf(token, student.id);
      const registration = invoices.find((invoice) => /Inscription/.test(invoice.label));
      expect(registration, 'la facture « Inscription »').toBeDefined();
      const lines = await linesOf(token, registration!.id);
      const couponLine = lines.find((line) => line.kind === 'coupon');
      expect(couponLine).toMatchObject({ amount: -COUPON_DISCOUNT });
      expect(couponLine!.label).toContain(COUPON);
      const fee = lines.filter((line) => line.amount > 0).reduce((sum, l) => sum + l.amount, 0);
      expect(registration!.balance).toBe(fee - COUPON_DISCOUNT);
      state.registration = registration;

      const dialog = await openInvoice(staff, student.id, registration!);
      const shownLine = dialog.getByRole('row').filter({ hasText: `Coupon ${COUPON}` });
      await shownLine.waitFor();
      expect(francsOnScreen(await shownLine.locator('td').last().innerText())).toBe(
        -COUPON_DISCOUNT,
      );
      expect(await dueOnScreen(dialog)).toBe(registration!.balance);
      await shot(staff, '9-facture-inscription-coupon', false);
      await staff.keyboard.press('Escape');

      // The payment link sent on acceptance, by SMS.
      const [url] = await nextSms(e164(APPLICANT), /https?:\/\/\S+\/s\/[0-9A-Za-z]+/, seen);
      state.shortUrl = url;
    });

    it('the parent pays the registration with mobile money', async () => {
      const token = state.token!;
      const registration = state.registration!;
      const payer = await browser.visitor();
      const phone = await browser.visitor();
      await payer.goto(new URL(state.shortUrl!).pathname);
      await payer.getByRole('heading', { name: `Bonjour ${APPLICANT.name}` }).waitFor();
      await shot(payer, '10-lien-de-paiement');
      await payWithMixx(payer, phone, {
        phone: e164(APPLICANT),
        choose: (page) => [page.getByRole('checkbox', { name: /Inscription/ })],
      });
      await shot(payer, '11-paiement-reussi', false);
      const after = (await invoicesOf(token, state.studentId!)).find(
        (invoice) => invoice.id === registration.id,
      )!;
      expect(after.balance).toBe(0);
      state.paid = registration.balance;
    });

    it('the campaign shows one conversion, the revenue collected and the ROI', async () => {
      const token = state.token!;
      const staff = state.staff!;
      const paid = state.paid!;
      const roi = Math.round((paid / SPEND) * 10) / 10;
      const campaign = await eventually(
        () => api<Campaign>(`/api/marketing/campaigns/${state.campaign!.id}`, { token }),
        (one) => one.results.revenue >= paid,
      );
      expect(campaign.results).toMatchObject({
        registrations: 1,
        enrolments: 1,
        revenue: paid,
        roi,
      });
      expect(campaign.results.clicks).toBeGreaterThanOrEqual(1);

      // The Campagnes tab: « 1 / dont 1 inscrit », the ROI.
      await staff.goto('/admin/marketing');
      const row = staff.getByRole('row').filter({ hasText: CAMPAIGN });
      await row.getByText('dont 1 inscrit').waitFor();
      await row.getByText(roiOnScreen(roi), { exact: true }).waitFor();
      await shot(staff, '12-campagnes-roi');
      // Its page: the results in full.
      await row.getByRole('link', { name: CAMPAIGN }).click();
      await staff.getByRole('heading', { name: 'Résultats' }).waitFor();
      expect(await resultText(staff, 'Pré-inscriptions')).toBe('1');
      expect(await resultText(staff, 'Inscriptions')).toBe('1');
      expect(await resultFrancs(staff, 'Revenu encaissé')).toBe(paid);
      expect(await resultText(staff, 'ROI')).toBe(roiOnScreen(roi));
      await shot(staff, '13-campagne-resultats');
    });

    it('the coupon lists its use and refuses another one: épuisé', async () => {
      const token = state.token!;
      const staff = state.staff!;
      const coupon = await api<Coupon>(`/api/coupons/${state.coupon!.id}`, { token });
      expect(coupon).toMatchObject({
        uses: 1,
        discountTotal: COUPON_DISCOUNT,
        status: 'exhausted',
      });
      const uses = await api<{ items: CouponRedemption[] }>(
        `/api/coupons/${coupon.id}/redemptions`,
        { token },
      );
      expect(uses.items).toHaveLength(1);
      expect(uses.items[0]).toMatchObject({
        student: { fullName: APPLICANT.name },
        amount: COUPON_DISCOUNT,
        status: 'applied',
        invoiceNumber: state.registration!.number,
      });

      // On screen: « Épuisé », and its uses.
      await staff.goto(`/admin/marketing?onglet=coupons&q=${COUPON}`);
      const row = staff.getByRole('row').filter({ hasText: COUPON });
      await row.getByText('Épuisé').waitFor();
      await row.getByText('1 / 1').waitFor();
      await row.getByRole('button', { name: `Actions du coupon ${COUPON}` }).click();
      await staff.getByRole('menuitem', { name: 'Utilisations' }).click();
      const usesDialog = staff.getByRole('dialog', { name: `Utilisations du coupon ${COUPON}` });
      const use = usesDialog.getByRole('row').filter({ hasText: APPLICANT.name });
      await use.getByText(state.registration!.number!).waitFor();
      await use.getByText('Appliqué').waitFor();
      expect(await usesDialog.getByRole('row').count()).toBe(2);
      await shot(staff, '14-coupon-utilisations');
      await staff.keyboard.press('Escape');

      // Another family tries it on the form: refused, with the reason; nothing is written.
      const latecomer = await browser.visitor();
      await latecomer.goto('/inscription/ecole-demo');
      await fillPreRegistration(latecomer, LATECOMER, COUPON);
      // The reason is said beside the field, which is marked invalid and keeps the code.
      const field = latecomer.getByLabel(/^Code promo/);
      await latecomer.getByText(CouponMessages.exhausted).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await field.getAttribute('aria-describedby')).toContain('erreur');
      await field.scrollIntoViewIfNeeded();
      await shot(latecomer, '15-coupon-epuise', false);
      const found = await api<{ items: unknown[] }>(
        `/api/students?search=${encodeURIComponent(LATECOMER.name)}&page=1&pageSize=5`,
        { token },
      );
      expect(found.items).toHaveLength(0);
      const still = await api<Coupon>(`/api/coupons/${coupon.id}`, { token });
      expect(still.uses).toBe(1);
    });

    it('Scolarité recommends a scholarship, cannot grant it; the Directeur grants it', async () => {
      const token = state.token!;
      const studentId = state.studentId!;
      const before = await invoicesOf(token, studentId);
      const owedBefore = before.reduce((sum, invoice) => sum + invoice.balance, 0);
      expect(owedBefore).toBeGreaterThan(SCHOLARSHIP_AMOUNT);

      // Scolarité recommends it from « Marketing › Bourses ».
      const registrar = await browser.staff();
      await logIn(registrar, SCOLARITE);
      await registrar.goto('/admin/marketing?onglet=bourses');
      await registrar.getByRole('button', { name: 'Nouvelle Bourse' }).first().click();
      const form = registrar.getByRole('dialog', { name: 'Nouvelle Bourse' });
      await form.getByPlaceholder('Nom ou matricule').fill(APPLICANT.name);
      await form
        .getByRole('list', { name: 'Étudiants trouvés' })
        .getByRole('button', { name: new RegExp(APPLICANT.name) })
        .click();
      await form.getByLabel('Nom de la bourse').fill(SCHOLARSHIP);
      await form.getByLabel('Montant fixe', { exact: true }).check();
      await form.getByLabel(/^Montant \(FCFA\)/).fill(String(SCHOLARSHIP_AMOUNT));
      await form
        .getByLabel('Motif de la recommandation')
        .fill('Recrutée par la campagne, excellents résultats');
      await shot(registrar, '16-nouvelle-bourse', false);
      await form.getByRole('button', { name: 'Recommander la bourse' }).click();
      await form.waitFor({ state: 'hidden' });
      const recommended = registrar.getByRole('row').filter({ hasText: SCHOLARSHIP });
      await recommended.getByText('Recommandé').waitFor();
      await shot(registrar, '17-bourse-recommandee');
      // Scolarité has no « Accorder » (its menu only shows the effect); the server refuses it too.
      const menuName = `Actions de la bourse « ${SCHOLARSHIP} » de ${APPLICANT.name}`;
      await recommended.getByRole('button', { name: menuName }).click();
      await registrar.getByRole('menuitem').first().waitFor();
      expect(await registrar.getByRole('menuitem').allInnerTexts()).not.toContain('Accorder');
      await registrar.keyboard.press('Escape');
      const list = await api<{ items: Scholarship[] }>(`/api/scholarships?studentId=${studentId}`, {
        token,
      });
      const scholarship = list.items.find((one) => one.name === SCHOLARSHIP)!;
      expect(scholarship.status).toBe('recommended');
      const refused = await call(`/api/scholarships/${scholarship.id}/decision`, {
        token: await tokenOf(SCOLARITE),
        body: { decision: 'granted' },
      });
      expect(refused.status).toBe(403);

      // The Directeur grants it from the Bourses tab.
      const director = await browser.staff();
      await logIn(director, DIRECTEUR);
      await director.goto(
        `/admin/marketing?onglet=bourses&q=${encodeURIComponent(APPLICANT.name)}`,
      );
      const toDecide = director.getByRole('row').filter({ hasText: SCHOLARSHIP });
      await toDecide.getByRole('button', { name: menuName }).click();
      await director.getByRole('menuitem', { name: 'Accorder' }).click();
      const decision = director.getByRole('dialog', {
        name: `Accorder la bourse « ${SCHOLARSHIP} » ?`,
      });
      await decision.getByRole('button', { name: 'Accorder' }).click();
      await decision.waitFor({ state: 'hidden' });
      await toDecide.getByText('Accordé').waitFor();
      await shot(director, '18-bourse-accordee');
      // « Voir l'effet sur les factures »: the invoice it took something off.
      await toDecide.getByRole('button', { name: menuName }).click();
      await director.getByRole('menuitem', { name: 'Voir l’effet sur les factures' }).click();
      const effect = director.getByRole('dialog', {
        name: `Effet de la bourse « ${SCHOLARSHIP} »`,
      });
      await effect.getByRole('table').waitFor();
      await shot(director, '19-bourse-effet', false);
      await director.keyboard.press('Escape');
      await effect.waitFor({ state: 'hidden' });

      const granted = await api<Scholarship>(`/api/scholarships/${scholarship.id}`, { token });
      expect(granted.status).toBe('granted');
      expect(granted.amountApplied).toBe(SCHOLARSHIP_AMOUNT);
      const touched = granted.invoices[0]!;
      expect(touched.lineLabel).toMatch(/^Bourse/);
      const after = await invoicesOf(token, studentId);
      const owedAfter = after.reduce((sum, invoice) => sum + invoice.balance, 0);
      expect(owedAfter).toBe(owedBefore - SCHOLARSHIP_AMOUNT);
      const invoice = after.find((one) => one.id === touched.id)!;
      const was = before.find((one) => one.id === touched.id)!;
      expect(invoice.balance).toBe(was.balance - touched.discount);

      // The student's invoice shows the « Bourse … » line and the lower amount due.
      const dialog = await openInvoice(director, studentId, invoice);
      const line = dialog.getByRole('row').filter({ hasText: touched.lineLabel });
      await line.waitFor();
      expect(francsOnScreen(await line.locator('td').last().innerText())).toBe(-touched.discount);
      expect(await dueOnScreen(dialog)).toBe(invoice.balance);
      await shot(director, '20-facture-bourse', false);
    });
  },
);
