import { addDays } from '@ecolage/contracts';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { nextSms, payWithMixx, PHONE_VIEWPORT, smsTo } from './support/payer';

/** Essi Kpodar's main payer (demo seed: Master Droit, M2 — the level has two students). */
const MESSAN = '+22879006185';
const FINANCE = 'finance@ecole-demo.tg';

async function api<T>(
  route: string,
  init: { body?: unknown; token?: string; method?: string } = {},
): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}${route}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  expect(response.status, route).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The product's test clock (TEST_CLOCK=enabled in the journeys): the planner's and dispatcher's now. */
async function moveClockTo(day: string, time: string) {
  // Lomé is on UTC all year.
  await api('/api/test-clock', { method: 'PUT', body: { at: `${day}T${time}:00Z` } });
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('ecolage-demo');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

/** The next Monday strictly after `day`. */
function mondayAfter(day: string): string {
  let next = addDays(day, 1);
  while (new Date(`${next}T12:00:00Z`).getUTCDay() !== 1) next = addDays(next, 1);
  return next;
}

interface InvoiceRow {
  id: string;
  label: string;
  dueOn: string;
  balance: number;
}

/**
 * The done-when: Finance creates « Rappel J-3 » for a level, simulates it, enables it; the
 * clock moves to J-3 and the SMS reaches the parent's phone with a short link; the parent pays
 * through it; J+3 is then skipped as « payé entre-temps »; the bell says « Paiement reçu » without
 * a reload; a workflow switched off says « En pause »; the weekly summary reaches the Boîte mail.
 */
describe('reminders from a workflow to the parent who pays', { timeout: 240_000 }, () => {
  const browser = useBrowser();
  const phones = useBrowser({ viewport: PHONE_VIEWPORT });

  afterAll(async () => {
    // The other journeys run on today's clock.
    await api('/api/test-clock', { method: 'PUT', body: { at: new Date().toISOString() } });
  });

  it('Rappel J-3: simulated, enabled, sent, paid through its link, J+3 skipped', async () => {
    const token = (
      await api<{ access_token: string }>('/api/auth/login', {
        body: { email: FINANCE, password: 'ecolage-demo' },
      })
    ).access_token;
    const students = await api<{ items: { id: string }[] }>('/api/students?search=Essi%20Kpodar', {
      token,
    });
    const essi = students.items[0]!.id;
    const { items: invoices } = await api<{ items: InvoiceRow[] }>(
      `/api/invoices?studentId=${essi}&pageSize=50`,
      { token },
    );
    const today = new Date().toISOString().slice(0, 10);
    // Her next instalment at least a week away (« 2e tranche » of the M2 schedule).
    const instalment = invoices
      .filter((invoice) => invoice.balance > 0 && invoice.dueOn >= addDays(today, 7))
      .sort((a, b) => a.dueOn.localeCompare(b.dueOn))[0]!;
    expect(instalment).toBeTruthy();
    const due = instalment.dueOn;

    await moveClockTo(addDays(due, -5), '09:00');
    const staff = await browser.newPage();
    await logIn(staff, FINANCE);

    // The weekly summary by e-mail, for the last step.
    await staff.goto('/admin/notifications');
    await staff.getByRole('checkbox', { name: /Résumé hebdomadaire/ }).check();
    await staff.getByRole('button', { name: 'Enregistrer' }).first().click();
    await staff.getByText('Vos réglages de notifications sont enregistrés.').first().waitFor();

    // « Rappel J-3 » for Master Droit M2, SMS to the main payer.
    await staff.goto('/admin/automatisations');
    await staff.getByRole('button', { name: 'Nouvelle automatisation' }).click();
    const editor = staff.getByRole('dialog', { name: 'Nouvelle automatisation' });
    await editor.getByRole('textbox', { name: /^Nom/ }).fill('Rappel J-3');
    await editor
      .getByRole('combobox', { name: 'Déclencheur' })
      .selectOption({ label: 'Échéance dans N jours' });
    await editor.getByRole('textbox', { name: /^Jours avant l’échéance/ }).fill('3');
    await editor
      .getByRole('combobox', { name: 'Programme' })
      .selectOption({ label: 'Master Droit' });
    await editor.getByRole('combobox', { name: 'Niveau' }).selectOption({ label: 'M2' });
    await editor.getByRole('button', { name: 'Enregistrer et simuler' }).click();

    const simulation = staff.getByRole('dialog', { name: 'Simuler « Rappel J-3 »' });
    const planned = simulation.getByRole('table', { name: 'Messages prévus par la simulation' });
    await planned.waitFor();
    const rows = planned.getByRole('row');
    // A header and the level's two students, each reminded on their payer's phone.
    await expect.poll(() => rows.count()).toBe(3);
    const text = await planned.innerText();
    expect(text).toContain('Essi Kpodar');
    expect(text).toContain('Mawuena Akakpo');
    expect(text).toContain('Messan Kpodar');
    await simulation.getByRole('button', { name: 'Activer' }).click();
    await staff.getByText('« Rappel J-3 » est active.').first().waitFor();

    // The default J+3 too: it will find the invoice paid.
    await staff.getByRole('switch', { name: 'Activer « Rappel J+3 »' }).click();
    await staff.getByText('« Rappel J+3 » est active.').first().waitFor();

    // J-3: the SMS reaches the parent's phone with our short link.
    const seen = await smsTo(MESSAN);
    await moveClockTo(addDays(due, -3), '10:30');
    const [link] = await nextSms(MESSAN, /https?:\/\/\S+\/s\/[0-9A-Za-z]+/, seen);

    // The parent pays that instalment through the link, on a phone.
    const payer = await phones.newPage();
    const phone = await phones.newPage();
    await payer.goto(new URL(link).pathname);
    await payer.getByRole('heading', { name: /Bonjour/ }).waitFor();
    const essiCard = payer.getByRole('group', { name: /Essi Kpodar/ });
    // On today's real calendar that instalment is still far: it is folded with the later ones.
    const later = essiCard.getByText(/Échéances suivantes/);
    if (await later.count()) await later.click();
    await payWithMixx(payer, phone, {
      phone: MESSAN,
      choose: () => [essiCard.getByRole('checkbox', { name: new RegExp(instalment.label) })],
    });

    // The bell says so without a reload.
    const bell = staff.getByRole('button', { name: /Notifications/ });
    await expect.poll(() => bell.innerText(), { timeout: 20_000 }).toMatch(/[1-9]/);
    await bell.click();
    await staff
      .getByRole('link', { name: /Paiement reçu/ })
      .first()
      .waitFor();
    await staff.keyboard.press('Escape');

    // J+3: the paid instalment is not reminded.
    await moveClockTo(addDays(due, 3), '10:30');
    // The dispatcher runs on the clock's move: wait until it has decided about her instalment.
    const { items: j3 } = await api<{ items: { id: string; name: string }[] }>(
      `/api/automations?q=${encodeURIComponent('Rappel J+3')}`,
      { token },
    );
    const j3Id = j3.find((workflow) => workflow.name === 'Rappel J+3')!.id;
    await expect
      .poll(
        async () => {
          const runs = await api<{
            items: { studentName: string | null; reasonLabel: string | null }[];
          }>(`/api/automations/${j3Id}/runs?pageSize=100`, { token });
          return runs.items.find((run) => run.studentName === 'Essi Kpodar')?.reasonLabel;
        },
        { timeout: 20_000 },
      )
      .toBe('payé entre-temps');
    await staff.getByRole('button', { name: 'Actions pour « Rappel J+3 »' }).click();
    await staff.getByRole('menuitem', { name: 'Historique' }).click();
    const history = staff.getByRole('dialog', { name: 'Historique de « Rappel J+3 »' });
    const sends = history.getByRole('table', { name: 'Envois de l’automatisation' });
    await expect
      .poll(async () => sends.getByRole('row', { name: /Essi Kpodar/ }).innerText(), {
        timeout: 20_000,
      })
      .toMatch(/payé entre-temps/);
    await history.getByRole('button', { name: 'Fermer' }).first().click();

    // Switched off, a workflow says so.
    await staff.getByRole('switch', { name: 'Activer « Rappel J-3 »' }).click();
    await expect
      .poll(() => staff.getByRole('row', { name: /Rappel J-3/ }).innerText())
      .toMatch(/En pause/);

    // The weekly summary reaches the Boîte mail.
    await moveClockTo(mondayAfter(addDays(due, 3)), '08:00');
    const mailbox = await browser.newPage();
    await expect
      .poll(
        async () => {
          await mailbox.goto(
            `${inject('sandboxUrl')}/boite-mail?adresse=${encodeURIComponent(FINANCE)}`,
          );
          return mailbox.locator('body').innerText();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toMatch(/Résumé de la semaine/);
  });
});
