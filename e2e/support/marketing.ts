import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { api } from './accounting';
import { francsOnScreen } from './accounting-files';
import { CHROMIUM_ARGS } from './browser';

/**
 * The marketing journey's helpers: staff at a desk and visitors on a phone (each their own
 * browser context), the server's day (the test clock), the pre-registration form with its
 * « Code promo », the figures of a campaign's « Résultats » and screenshots.
 */

export const SHOTS = '/tmp/shots';

/** A phone's screen of 390 px (the visitor's), with its browser's agent. */
export const VISITOR_VIEWPORT = { width: 390, height: 844 };

export async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/marketing-${name}.png`, fullPage });
}

/**
 * An Android phone with a build number of this run: the page analytics' beacon ignores headless
 * browsers, and every run's visitor is a new one.
 */
export function phoneAgent(): string {
  const build = Math.floor(Math.random() * 9_000) + 1_000;
  return `Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.${build} Mobile Safari/537.36`;
}

/** One browser for the file; staff and visitors each get their own context (no shared storage). */
export function marketingBrowser() {
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
    /** A visitor on a phone: a fresh context (its own localStorage), a phone's agent. */
    visitor: async () =>
      (
        await open({
          userAgent: phoneAgent(),
          viewport: VISITOR_VIEWPORT,
          isMobile: true,
          hasTouch: true,
        })
      ).newPage(),
    staff: async (viewport = { width: 1366, height: 900 }) =>
      (await open({ viewport, reducedMotion: 'reduce' })).newPage(),
    close: async () => {
      await Promise.all(contexts.map((context) => context.close()));
      await browser?.close();
    },
  };
}

/** The server's day (its test clock, which another journey may have moved), Lomé being UTC. */
export async function serverToday(): Promise<string> {
  const clock = await api<{ at: string }>('/api/test-clock');
  return clock.at.slice(0, 10);
}

export function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface Applicant {
  name: string;
  email: string;
  /** As typed on the form (8 digits, Togo); the SMS go to +228 and these digits. */
  phone: string;
}

/** The pre-registration form (already open) filled, with a « Code promo », and sent. */
export async function fillPreRegistration(form: Page, applicant: Applicant, couponCode: string) {
  await form.getByLabel('Nom', { exact: true }).fill(applicant.name);
  await form.getByLabel('E-mail', { exact: true }).fill(applicant.email);
  await form.getByLabel('Téléphone').fill(applicant.phone);
  await form.getByLabel('Genre').selectOption({ label: 'Féminin' });
  // The first programme offered, then the first of its levels.
  await form.getByLabel('Programme').selectOption({ index: 1 });
  await form.getByLabel('Niveau').selectOption({ index: 1 });
  await form.getByLabel(/^Code promo/).fill(couponCode);
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
}

export const RECEIVED = /Votre demande d’inscription a bien été reçue/;

/** The figure under `name` in a campaign's « Résultats » (« Revenu encaissé », « ROI »…). */
export async function resultText(page: Page, name: string): Promise<string> {
  const figure = page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd')
    .first();
  await figure.waitFor();
  return (await figure.innerText()).replace(/[\s\u00A0\u202F]+/g, ' ').trim();
}

export async function resultFrancs(page: Page, name: string): Promise<number> {
  return francsOnScreen(await resultText(page, name));
}

/** `2.7` → « 2,7x » (`2` → « 2x »), as the screen writes a ROI. */
export function roiOnScreen(roi: number): string {
  return `${roi.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}x`;
}

/** Polls `read` until `ready` holds: a bounded wait for what handlers write after a commit. */
export async function eventually<T>(read: () => Promise<T>, ready: (value: T) => boolean) {
  let last: T | undefined;
  await expect
    .poll(
      async () => {
        last = await read();
        return ready(last);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return last as T;
}
