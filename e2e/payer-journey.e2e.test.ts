import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { nextSms, payWithMixx, PHONE_VIEWPORT, pdfTextOf, smsTo } from './support/payer';

const AFIWA = '+22879016081';

async function api<T>(route: string, init: { body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}${route}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  expect(response.status, route).toBeLessThan(300);
  return (await response.json()) as T;
}

async function staffToken(email: string): Promise<string> {
  const session = await api<{ access_token: string }>('/api/auth/login', {
    body: { email, password: 'ecolage-demo' },
  });
  return session.access_token;
}

/** The receipt the success screen links to, as text. */
async function receiptText(payer: Page): Promise<string> {
  const link = payer.getByRole('link', { name: 'Télécharger le reçu (PDF)' });
  await link.waitFor({ timeout: 20_000 });
  const response = await fetch(new URL((await link.getAttribute('href'))!, inject('baseUrl')));
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return pdfTextOf(Buffer.from(await response.arrayBuffer()));
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('ecolage-demo');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

/**
 * The journeys, on a phone's screen: a payment link from an SMS pays two children's
 * invoices with Mixx by Yas; the school's pay page with a one-time code; a pre-registration
 * accepted by staff ends with its registration invoice paid.
 */
describe('parents pay online from a phone (journeys)', { timeout: 90_000 }, () => {
  const browser = useBrowser({ viewport: PHONE_VIEWPORT });

  it('a payment link sent by SMS pays two children’s invoices', async () => {
    const token = await staffToken('finance@ecole-demo.tg');
    const students = await api<{ items: { id: string }[] }>('/api/students?search=Abla%20Kuassi', {
      token,
    });
    const seen = await smsTo(AFIWA);
    await api(`/api/students/${students.items[0]!.id}/payment-link`, {
      body: { send: true },
      token,
    });
    // The SMS left the outbox for the sandbox's téléphone.
    const [url] = await nextSms(AFIWA, /https?:\/\/\S+\/s\/[0-9A-Za-z]+/, seen);

    const payer = await browser.newPage();
    const phone = await browser.newPage();
    await payer.goto(new URL(url).pathname);
    await payer.getByRole('heading', { name: 'Bonjour Afiwa Kuassi' }).waitFor();
    const timings = await payWithMixx(payer, phone, {
      phone: AFIWA,
      choose: (page) => [
        page
          .getByRole('group', { name: /Abla Kuassi/ })
          .getByRole('checkbox')
          .first(),
        page
          .getByRole('group', { name: /Dela Kuassi/ })
          .getByRole('checkbox')
          .first(),
      ],
    });
    console.log(`lien de paiement : ${JSON.stringify(timings)}`);
    const receipt = await receiptText(payer);
    expect(receipt).toMatch(/REC-\d{4}-\d{6}/);
    expect(receipt).toContain('Abla Kuassi');
    expect(receipt).toContain('Dela Kuassi');
    // Nothing scrolls sideways on a 320 px screen.
    await payer.setViewportSize({ width: 320, height: 640 });
    await payer.goto(new URL(url).pathname);
    expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  });

  it('the school’s pay page sends a one-time code, then the same payment page', async () => {
    const payer = await browser.newPage();
    const phone = await browser.newPage();
    await payer.goto('/payer/ecole-demo');
    await payer.getByLabel(/Matricule/).fill('stu-015');
    await payer.getByLabel('Votre numéro de téléphone').fill('79 01 60 81');
    const seen = await smsTo(AFIWA);
    await payer.getByRole('button', { name: 'Recevoir un code par SMS' }).click();
    const [, code] = await nextSms(AFIWA, /est (\d{6})\./, seen);
    await payer.getByLabel('Code à 6 chiffres').fill(code!);
    await payer.getByRole('button', { name: 'Valider' }).click();
    await payer.getByRole('heading', { name: 'Bonjour Afiwa Kuassi' }).waitFor();
    const timings = await payWithMixx(payer, phone, {
      phone: AFIWA,
      choose: (page) => [page.getByRole('checkbox').first()],
    });
    console.log(`page de paiement avec code : ${JSON.stringify(timings)}`);
    expect(await receiptText(payer)).toMatch(/REC-\d{4}-\d{6}/);
  });

  it('a pre-registration accepted by staff ends with its registration invoice paid', async () => {
    const applicant = '+22890998877';
    const form = await browser.newPage();
    await form.goto('/inscription/ecole-demo');
    await form.getByLabel('Nom', { exact: true }).fill('Yawa Mensah');
    await form.getByLabel('E-mail', { exact: true }).fill('yawa.mensah@example.tg');
    await form.getByLabel('Téléphone').fill('90998877');
    await form.getByLabel('Genre').selectOption({ label: 'Féminin' });
    // The first programme offered, then the first of its levels (the only ones « Niveau » lists).
    const programme = form.getByLabel('Programme');
    await programme.selectOption({ index: 1 });
    const level = form.getByLabel('Niveau');
    await level.selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Envoyer la demande' }).click();
    await form.getByText(/Votre demande d’inscription a bien été reçue/).waitFor();

    const staff = await browser.newPage();
    await staff.setViewportSize({ width: 1280, height: 800 });
    await logIn(staff, 'direction@ecole-demo.tg');
    await staff.goto('/admin/etudiants/inscriptions');
    const seen = await smsTo(applicant);
    await staff.getByRole('button', { name: 'Accepter la demande de Yawa Mensah' }).click();
    await staff.getByRole('button', { name: 'Accepter et inscrire' }).click();
    const [url] = await nextSms(applicant, /https?:\/\/\S+\/s\/[0-9A-Za-z]+/, seen);

    const payer = await browser.newPage();
    const phone = await browser.newPage();
    await payer.goto(new URL(url).pathname);
    await payer.getByRole('heading', { name: 'Bonjour Yawa Mensah' }).waitFor();
    await payWithMixx(payer, phone, {
      phone: applicant,
      choose: (page) => [page.getByRole('checkbox', { name: /Inscription/ })],
    });
    expect(await receiptText(payer)).toContain('Yawa Mensah');
    // Staff see the student active and the registration invoice paid.
    await staff.goto('/admin/etudiants?q=Yawa');
    await staff
      .getByRole('link', { name: /Yawa Mensah/ })
      .first()
      .click();
    await staff.getByRole('heading', { name: 'Yawa Mensah', level: 1 }).waitFor();
    await staff
      .getByRole('row', { name: /Inscription/ })
      .getByText('Payée')
      .waitFor();
  });
});
