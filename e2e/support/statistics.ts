import { mkdirSync } from 'node:fs';
import type { CashForecast, Statistics, StatisticsOptions } from '@ecolage/contracts';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { api } from './accounting';
import { francsOnScreen } from './accounting-files';
import { CHROMIUM_ARGS } from './browser';
import { approveOnPhone, nextSms, PHONE_VIEWPORT, smsTo } from './payer';

/**
 * The statistics journey's helpers: visitors of the school's public pages (each its own browser
 * context with a phone's user agent: the beacon ignores headless browsers, and the address and
 * the browser make a visitor), the pay page paid through the sandbox, the pre-registration form,
 * the statistics read through the API and on the screen, screenshots.
 */

export const SHOTS = '/tmp/shots';

/** The whole page, or only what the screen shows (`fullPage: false`: a phone's screenful). */
export async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/statistiques-${name}.png`, fullPage });
}

/**
 * Phones common in Lomé, each with a build number of this run: every run's visitors are new
 * ones, even on a server that already counted a run today.
 */
export function phoneAgents(): string[] {
  const build = () => Math.floor(Math.random() * 9_000) + 1_000;
  return [
    `Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.${build()} Mobile Safari/537.36`,
    `Mozilla/5.0 (Linux; Android 12; TECNO KG5k) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.${build()} Mobile Safari/537.36`,
    `Mozilla/5.0 (Linux; Android 14; Infinix X6831) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.6668.${build()} Mobile Safari/537.36`,
    `Mozilla/5.0 (Linux; Android 11; itel A571W) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.6613.${build()} Mobile Safari/537.36`,
  ];
}

/** One browser for the file; visitors and staff each get their own context. */
export function statisticsBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const open = async (options: Parameters<Browser['newContext']>[0]) => {
    browser ??= await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      locale: 'fr-FR',
      ...options,
    });
    contexts.push(context);
    return context;
  };
  return {
    /** A visitor on a phone: their own context (no shared storage), their browser's agent. */
    visitor: async (userAgent: string) =>
      (
        await open({ userAgent, viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true })
      ).newPage(),
    /** Staff at a desk (or on a phone) with the browser's own agent. */
    /** Staff at a desk, charts drawn without animation (screenshots show them finished). */
    staff: async (viewport = { width: 1366, height: 900 }) =>
      (await open({ viewport, reducedMotion: 'reduce' })).newPage(),
    close: async () => {
      await Promise.all(contexts.map((context) => context.close()));
      await browser?.close();
    },
  };
}

export function statisticsOf(token: string, query = 'periode=ytd'): Promise<Statistics> {
  return api<Statistics>(`/api/statistics?${query}`, { token });
}

export function optionsOf(token: string): Promise<StatisticsOptions> {
  return api<StatisticsOptions>('/api/statistics/options', { token });
}

export function forecastOf(token: string): Promise<CashForecast> {
  return api<CashForecast>('/api/statistics/forecast', { token });
}

/** The figures the journey follows, from one response (no visit yet: zeros). */
export function followed(figures: Statistics) {
  const channel = (name: string) => {
    const row = figures.salesByChannel.channels.find((one) => one.channel === name);
    return { amount: row?.amount ?? 0, payments: row?.payments ?? 0 };
  };
  return {
    visitors: figures.traffic?.visitors.value ?? 0,
    visits: figures.traffic?.visits ?? 0,
    conversions: figures.traffic?.conversions ?? 0,
    collected: figures.money.collected.value,
    social: channel('social'),
    direct: channel('direct'),
    total: figures.salesByChannel.total,
  };
}

/**
 * Polls the statistics until `ready` holds (rollups are kept by handlers after the commit, and
 * the visits' daily rollup by the beacon's writes): a bounded wait, never a blind sleep.
 */
export async function statisticsWhen(
  token: string,
  ready: (figures: Statistics) => boolean,
  query = 'periode=ytd',
): Promise<Statistics> {
  let last: Statistics | undefined;
  await expect
    .poll(
      async () => {
        last = await statisticsOf(token, query);
        return ready(last);
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return last!;
}

export interface Payer {
  matricule: string;
  /** The main payer's phone (E.164): the one-time code and the Mixx by Yas push go there. */
  phone: string;
  guardianName: string;
}

/**
 * On the school's pay page (`/payer/<slug>`, already open): matricule and phone, the one-time
 * code from the SMS, then the first invoice only, paid with Mixx by Yas and approved on the
 * sandbox's téléphone page.
 */
export async function payOnPayPage(visitor: Page, phonePage: Page, payer: Payer) {
  await visitor.getByLabel(/Matricule/).fill(payer.matricule);
  await visitor.getByLabel('Votre numéro de téléphone').fill(payer.phone.replace(/^\+228/, ''));
  const seen = await smsTo(payer.phone);
  await visitor.getByRole('button', { name: 'Recevoir un code par SMS' }).click();
  const [, code] = await nextSms(payer.phone, /est (\d{6})\./, seen);
  await visitor.getByLabel('Code à 6 chiffres').fill(code!);
  await visitor.getByRole('button', { name: 'Valider' }).click();
  await visitor.getByRole('heading', { name: `Bonjour ${payer.guardianName}` }).waitFor();
  const boxes = visitor.getByRole('checkbox');
  for (let index = 0; index < (await boxes.count()); index += 1) await boxes.nth(index).uncheck();
  await boxes.first().check();
  await visitor.getByRole('radio', { name: /Mixx by Yas/ }).check();
  await visitor.getByLabel('Numéro de téléphone qui paie').fill(payer.phone);
  await visitor.getByRole('button', { name: /^Payer/ }).click();
  await visitor.getByText(/Validez le paiement sur votre téléphone/).waitFor();
  await approveOnPhone(phonePage, payer.phone);
  await visitor.getByText('Paiement réussi', { exact: true }).waitFor({ timeout: 30_000 });
}

/** The pre-registration form (`/inscription/<slug>`, already open), sent. */
export async function preRegister(
  form: Page,
  applicant: { name: string; email: string; phone: string },
) {
  await form.getByLabel('Nom', { exact: true }).fill(applicant.name);
  await form.getByLabel('E-mail', { exact: true }).fill(applicant.email);
  await form.getByLabel('Téléphone').fill(applicant.phone);
  await form.getByLabel('Genre').selectOption({ label: 'Masculin' });
  await form.getByLabel('Programme').selectOption({ index: 1 });
  await form.getByLabel('Niveau').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await form.getByText(/Votre demande d’inscription a bien été reçue/).waitFor();
}

/** A number as the screen writes it (« 1 250 000 FCFA », « 66,7 % », « 4 »). */
export function numberOnScreen(text: string): number {
  const cleaned = text.replace(/[\s\u00A0\u202F]/g, '').replace(/\u2212/g, '-');
  const match = /-?\d+(?:,\d+)?/.exec(cleaned);
  if (!match) throw new Error(`pas un nombre à l’écran : « ${text} »`);
  return Number(match[0].replace(',', '.'));
}

/** The figure of the card named `name` (« Visiteurs Totaux », « Encaissé »…) as shown. */
export async function cardText(page: Page, name: string): Promise<string> {
  const card = page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) });
  const figure = card.locator('dd > span').first();
  await figure.waitFor();
  return figure.innerText();
}

export async function cardFrancs(page: Page, name: string): Promise<number> {
  return francsOnScreen(await cardText(page, name));
}

/** Waits until the page shows the figures of its latest request (filters applied). */
export async function settled(page: Page) {
  await page.getByRole('heading', { name: 'Statistiques', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Encaissements', level: 2 }).waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
}

/** The chart panel titled `title`'s table alternative (« Voir le tableau »), row by row. */
export async function panelTable(page: Page, title: string): Promise<string[][]> {
  const panel = page.getByRole('region', { name: title, exact: true });
  const toggle = panel.getByRole('button', { name: 'Voir le tableau' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const table = panel.getByRole('table', { name: title });
  await table.waitFor();
  const rows = table.locator('tbody tr');
  const cells: string[][] = [];
  for (let index = 0; index < (await rows.count()); index += 1) {
    cells.push(await rows.nth(index).locator('th, td').allInnerTexts());
  }
  return cells;
}

/** Francs of the donut's row `channel` (« Réseaux Sociaux », « Direct »), 0 when absent. */
export function channelFrancs(rows: string[][], channel: string): number {
  const row = rows.find((cells) => cells[0]?.trim() === channel);
  return row ? francsOnScreen(row[1]!) : 0;
}
