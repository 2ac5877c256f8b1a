import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ribKey } from '@ecolage/contracts';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';
import { nextSms, payWithMixx, pdfTextOf, smsTo } from './support/payer';

/**
 * Issue 17's journey: a new school on Découverte fills its details (a RIB with a wrong key
 * refused, then a good one), uploads a logo, picks a colour and sends a KYC document; the
 * platform operator validates it; the receipt of « Ɖosseh Kɔffi Ŋlɔ » carries the logo, the
 * colour, the address and the phone, and reads back the name exactly; the pay page shows the logo;
 * the top-bar search finds the student by matricule and the payment by its provider reference;
 * a sixth member cannot be invited on Découverte.
 */

const BRAND = { hex: '#0B6E4F', rgb: [0x0b, 0x6e, 0x4f] } as const;
const LOGO_RGB = [0xf3, 0x9c, 0x12] as const;
const STUDENT = 'Ɖosseh Kɔffi Ŋlɔ';
const PAYER_PHONE = '+22891234580';

/** A 240 × 240 orange square with a white band: the school's logo. */
function logoPng(): Buffer {
  const png = new PNG({ width: 240, height: 240 });
  for (let y = 0; y < 240; y += 1) {
    for (let x = 0; x < 240; x += 1) {
      const offset = (y * 240 + x) * 4;
      const band = y > 100 && y < 140;
      png.data[offset] = band ? 255 : LOGO_RGB[0];
      png.data[offset + 1] = band ? 255 : LOGO_RGB[1];
      png.data[offset + 2] = band ? 255 : LOGO_RGB[2];
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A small, well-formed one-page PDF: the school's « statuts ». */
function statutsPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function api<T>(
  route: string,
  init: { method?: string; body?: unknown; token?: string; expect?: number } = {},
): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}${route}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (init.expect !== undefined) expect(response.status, route).toBe(init.expect);
  else expect(response.status, `${route}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function logIn(page: Page, email: string, password: string, landing = '/admin') {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === landing);
}

/** Pixels of the rendered page within `tolerance` of `rgb` on each channel. */
function countPixels(png: PNG, rgb: readonly number[], tolerance = 24): number {
  let count = 0;
  for (let offset = 0; offset < png.data.length; offset += 4) {
    if (
      Math.abs(png.data[offset]! - rgb[0]!) <= tolerance &&
      Math.abs(png.data[offset + 1]! - rgb[1]!) <= tolerance &&
      Math.abs(png.data[offset + 2]! - rgb[2]!) <= tolerance
    ) {
      count += 1;
    }
  }
  return count;
}

function renderFirstPage(pdf: Buffer): { png: PNG; fonts: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'ecolage-e2e-settings-'));
  try {
    const file = path.join(folder, 'recu.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '72',
      '-f',
      '1',
      '-l',
      '1',
      file,
      path.join(folder, 'page'),
    ]);
    const [image] = execFileSync('ls', [folder], { encoding: 'utf8' })
      .split('\n')
      .filter((name) => name.startsWith('page') && name.endsWith('.png'));
    const png = PNG.sync.read(readFileSync(path.join(folder, image!)));
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    return { png, fonts };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe(
  'a new school sets itself up and hands out branded receipts (journey)',
  { timeout: 150_000 },
  () => {
    const browser = useBrowser();
    const stamp = Date.now();
    const admin = { email: `direction.${stamp}@lumiere.tg`, password: 'motdepasse-solide' };
    const schoolName = `Collège Lumière ${stamp}`;
    const state: { token?: string; slug?: string; matricule?: string; paymentId?: string } = {};

    it('signs up on Découverte, fills its details, bank account, logo, colour and KYC', async () => {
      const signup = await browser.newPage();
      await signup.goto('/signup?formule=decouverte');
      await signup.getByLabel('Nom', { exact: true }).fill('Kafui Adjo');
      await signup.getByLabel("Nom de l'école").fill(schoolName);
      await signup.getByLabel('E-mail', { exact: true }).fill(admin.email);
      await signup.getByLabel('Mot de passe', { exact: true }).fill(admin.password);
      expect(await signup.getByRole('radio', { name: /Découverte/ }).isChecked()).toBe(true);
      await signup.getByRole('button', { name: 'Créer mon compte' }).click();
      await signup.waitForURL('**/login**');

      const page = await browser.newPage();
      await logIn(page, admin.email, admin.password);
      const session = await api<{ access_token: string; organization: { slug: string } }>(
        '/api/auth/login',
        { body: { email: admin.email, password: admin.password } },
      );
      state.token = session.access_token;
      state.slug = session.organization.slug;

      await page.goto('/admin/details');
      const organisation = page.getByRole('region', { name: 'Organisation' });
      await organisation.getByLabel('Téléphone du support').fill('90 11 22 33');
      expect(await organisation.getByLabel('Téléphone du support').getAttribute('type')).toBe(
        'tel',
      );
      expect(await organisation.getByLabel('E-mail de contact').getAttribute('type')).toBe('email');
      await organisation.getByLabel('E-mail de contact').fill(`contact.${stamp}@lumiere.tg`);
      await organisation.getByLabel('Adresse').fill('25 avenue de la Paix');
      await organisation.getByLabel('Ville').fill('Kpalimé');
      await organisation.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Informations enregistrées.').waitFor();

      const bank = page.getByRole('region', { name: 'Coordonnées bancaires' });
      const account = 'TG009 01001 000123456789';
      const key = ribKey(account);
      const wrongKey = String((Number(key) % 97) + 1).padStart(2, '0');
      await bank.getByLabel('Nom de la banque').fill('Orabank Togo');
      await bank.getByLabel('Titulaire du compte').fill(schoolName);
      await bank.getByLabel('RIB', { exact: true }).fill(`${account} ${wrongKey}`);
      await bank.getByLabel('BIC / SWIFT').fill('ORBKTGTG');
      await bank.getByRole('button', { name: 'Enregistrer' }).click();
      await bank.getByText('La clé du RIB ne correspond pas.').first().waitFor();
      // The server refuses it too, whatever the page lets through.
      await api('/api/settings/bank', {
        method: 'PUT',
        token: state.token,
        expect: 400,
        body: {
          bankName: 'Orabank Togo',
          accountHolder: schoolName,
          rib: `${account}${wrongKey}`,
          bic: 'ORBKTGTG',
          password: admin.password,
        },
      });
      await bank.getByLabel('RIB', { exact: true }).fill(`${account} ${key}`);
      await bank.getByRole('button', { name: 'Enregistrer' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmer le changement' });
      await confirm.getByLabel('Votre mot de passe').fill(admin.password);
      await confirm.getByRole('button', { name: 'Confirmer' }).click();
      await page.getByText('Coordonnées bancaires enregistrées.').waitFor();

      const statuts = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: /Statuts ou registre du commerce/ }) });
      await statuts
        .getByLabel(/Choisir un fichier/)
        .setInputFiles({ name: 'statuts.pdf', mimeType: 'application/pdf', buffer: statutsPdf() });
      await statuts.getByRole('button', { name: 'Envoyer' }).click();
      await page.getByText('Document envoyé.').waitFor();
      await statuts.getByText('Soumis').first().waitFor();

      await page.goto('/admin/appearance');
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
      await page.getByRole('button', { name: 'Enregistrer le logo' }).click();
      await page.getByText('Logo enregistré.').waitFor();
      await page.getByLabel('Code de la couleur').fill(BRAND.hex);
      await page.getByRole('button', { name: 'Sauvegarder' }).click();
      await page.getByText('Apparence enregistrée.').waitFor();
    });

    it('the platform operator validates the KYC document, and the school sees it', async () => {
      const operator = await browser.newPage();
      await logIn(operator, 'operateur@ecolage.tg', 'ecolage-demo', '/operateur');
      await operator.getByLabel('Rechercher une école').fill(schoolName);
      await operator.getByRole('link', { name: schoolName }).click();
      await operator
        .getByRole('button', { name: /^Valider/ })
        .first()
        .click();
      await operator
        .getByText(/validé\./)
        .first()
        .waitFor();

      const details = await api<{
        kyc: { documents: { kind: string; document: { status: string } | null }[] };
      }>('/api/settings/details', { token: state.token });
      expect(details.kyc.documents.find((row) => row.kind === 'statuts')?.document?.status).toBe(
        'valide',
      );
      const school = await browser.newPage();
      await logIn(school, admin.email, admin.password);
      await school.goto('/admin/details');
      await school
        .getByRole('listitem')
        .filter({ has: school.getByRole('heading', { name: /Statuts ou registre du commerce/ }) })
        .getByText('Validé')
        .first()
        .waitFor();
    });

    it('prints the receipt of « Ɖosseh Kɔffi Ŋlɔ » with the logo, colour, address, phone and name', async () => {
      const token = state.token!;
      const start = new Date().getUTCFullYear();
      const year = await api<{ id: string }>('/api/academic-years', {
        token,
        body: {
          label: `${start}-${start + 1}`,
          startsOn: `${start}-09-01`,
          endsOn: `${start + 1}-07-31`,
          current: true,
        },
      });
      const programme = await api<{ id: string }>('/api/programmes', {
        token,
        body: { name: 'Collège' },
      });
      const level = await api<{ id: string }>(`/api/programmes/${programme.id}/levels`, {
        token,
        body: { name: '6e', registrationFee: 25_000, monthlyFee: 15_000 },
      });
      const student = await api<{ id: string; matricule: string }>('/api/students', {
        token,
        body: { fullName: STUDENT },
      });
      state.matricule = student.matricule;
      await api(`/api/students/${student.id}/guardians`, {
        token,
        body: { fullName: 'Ɛyram Ʋɔvɔ', phone: PAYER_PHONE, relation: 'mother', mainPayer: true },
      });
      await api(`/api/students/${student.id}/enrolments`, {
        token,
        body: { levelId: level.id, academicYearId: year.id },
      });
      const seen = await smsTo(PAYER_PHONE);
      await api(`/api/students/${student.id}/payment-link`, { token, body: { send: true } });
      const [url] = await nextSms(PAYER_PHONE, /https?:\/\/\S+\/s\/[0-9A-Za-z]+/, seen);

      const payer = await browser.newPage();
      const phone = await browser.newPage();
      await payer.goto(new URL(url).pathname);
      await payWithMixx(payer, phone, {
        phone: PAYER_PHONE,
        choose: (page) => [page.getByRole('checkbox').first()],
      });
      state.paymentId = /\/payer\/retour\/([\w-]+)/.exec(payer.url())?.[1];
      const link = payer.getByRole('link', { name: 'Télécharger le reçu (PDF)' });
      await link.waitFor({ timeout: 20_000 });
      const response = await fetch(new URL((await link.getAttribute('href'))!, inject('baseUrl')));
      const pdf = Buffer.from(await response.arrayBuffer());

      const text = pdfTextOf(pdf);
      expect(text).toContain(STUDENT);
      expect(text).toContain('25 avenue de la Paix');
      expect(text).toContain('Kpalimé');
      expect(text).toContain('90 11 22 33');
      const { png, fonts } = renderFirstPage(pdf);
      // The school's colour and its logo's orange are drawn on the page.
      expect(countPixels(png, BRAND.rgb)).toBeGreaterThan(500);
      expect(countPixels(png, LOGO_RGB)).toBeGreaterThan(500);
      // Every font embedded (pdffonts' « emb » column).
      const fontRows = fonts.split('\n').slice(2).filter(Boolean);
      expect(fontRows.length).toBeGreaterThan(0);
      for (const row of fontRows) expect(row).toMatch(/\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/);
    });

    it('the pay page shows the school’s logo', async () => {
      const page = await browser.newPage();
      await page.goto(`/payer/${state.slug}`);
      const logo = page.locator('header img').first();
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toContain('/logo');
      expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
        0,
      );
    });

    it('the top-bar search finds the student by matricule and the payment by provider reference', async () => {
      const page = await browser.newPage();
      await logIn(page, admin.email, admin.password);
      const search = page.getByRole('combobox', { name: 'Rechercher' });
      await search.fill(state.matricule!);
      await page
        .getByRole('option', { name: new RegExp(STUDENT) })
        .first()
        .waitFor();
      await search.press('Enter');
      await page.waitForURL((url) => url.pathname.startsWith('/admin/etudiants/'));
      await page.getByRole('heading', { name: STUDENT }).first().waitFor();

      const payment = await api<{ providerRef: string | null }>(
        `/api/payments/${state.paymentId}`,
        {
          token: state.token,
        },
      );
      expect(payment.providerRef).toBeTruthy();
      await search.fill(payment.providerRef!);
      await page.getByRole('option').first().waitFor();
      await search.press('Enter');
      await page.waitForURL((url) => url.pathname.startsWith('/admin/paiements'));
      await page.getByRole('dialog').getByText(payment.providerRef!).first().waitFor();
    });

    it('cannot invite a sixth member on Découverte', async () => {
      const token = state.token!;
      const roles = await api<{ id: string; name: string }[]>('/api/roles', { token });
      const lecteur = roles.find((role) => role.name === 'Lecteur')!;
      for (const n of [1, 2, 3, 4]) {
        await api('/api/members/invitations', {
          token,
          body: {
            name: `Membre ${n}`,
            email: `membre${n}.${stamp}@lumiere.tg`,
            roleId: lecteur.id,
          },
        });
      }
      const page = await browser.newPage();
      await logIn(page, admin.email, admin.password);
      await page.goto('/admin/utilisateurs');
      await page.getByRole('button', { name: 'Inviter un membre' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nom').fill('Sixième Membre');
      await dialog.getByLabel('E-mail').fill(`sixieme.${stamp}@lumiere.tg`);
      await dialog.getByLabel('Rôle').selectOption({ label: 'Lecteur' });
      await dialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
      await dialog.getByText(/Votre formule Découverte permet 5 utilisateurs/).waitFor();
    });
  },
);
