import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** The phone every payer journey uses: 360 × 740, a common cheap Android screen. */
export const PHONE_VIEWPORT = { width: 360, height: 740 };

/** The SMS the sandbox received for `phone` (the product's SMS sender delivers its outbox there). */
export async function smsTo(phone: string): Promise<string[]> {
  const response = await fetch(`${inject('sandboxUrl')}/__sim/sms?to=${encodeURIComponent(phone)}`);
  const { sms } = (await response.json()) as { sms: { body: string }[] };
  return sms.map((message) => message.body);
}

/** Waits for an SMS to `phone` matching `pattern` that was not there before; returns the match. */
export async function nextSms(
  phone: string,
  pattern: RegExp,
  seen: readonly string[] = [],
): Promise<RegExpExecArray> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const body of await smsTo(phone)) {
      if (seen.includes(body)) continue;
      const match = pattern.exec(body);
      if (match) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`aucun SMS à ${phone} ne correspond à ${pattern}`);
}

/** The payer approves the push on the sandbox's téléphone page with a secret code. */
export async function approveOnPhone(page: Page, phone: string): Promise<number> {
  await page.goto(`${inject('sandboxUrl')}/telephone?numero=${encodeURIComponent(phone)}`);
  const prompt = page.getByRole('region', { name: /Demande de Mixx by Yas/ }).first();
  await prompt.getByText(/Confirmez le paiement de/).waitFor();
  await prompt.getByLabel('Code secret').fill('2468');
  const approvedAt = Date.now();
  await prompt.getByRole('button', { name: 'Payer' }).click();
  await page.getByText('Paiement confirmé.').waitFor();
  return approvedAt;
}

export interface PayerTimings {
  /** From the tap on « Payer » to the waiting screen. */
  toWaitingMs: number;
  /** From the tap on the sandbox's « Payer » to the success screen. */
  approvalToSuccessMs: number;
}

/**
 * On an open link page: ticks exactly the invoices `choose` returns, pays with Mixx by Yas from
 * `phone`, approves on the téléphone page, waits for the success screen.
 */
export async function payWithMixx(
  payer: Page,
  phonePage: Page,
  options: { choose: (page: Page) => Locator[]; phone: string },
): Promise<PayerTimings> {
  const boxes = payer.getByRole('checkbox');
  for (let index = 0; index < (await boxes.count()); index += 1) await boxes.nth(index).uncheck();
  for (const box of options.choose(payer)) await box.check();
  await payer.getByRole('radio', { name: /Mixx by Yas/ }).check();
  await payer.getByLabel('Numéro de téléphone qui paie').fill(options.phone);
  const tapped = Date.now();
  await payer.getByRole('button', { name: /^Payer/ }).click();
  await payer.getByText(/Validez le paiement sur votre téléphone/).waitFor();
  const toWaitingMs = Date.now() - tapped;
  const approvedAt = await approveOnPhone(phonePage, options.phone);
  await payer.getByText('Paiement réussi', { exact: true }).waitFor({ timeout: 30_000 });
  return { toWaitingMs, approvalToSuccessMs: Date.now() - approvedAt };
}

/** The receipt's PDF as text (poppler's pdftotext). */
export function pdfTextOf(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'ecolage-e2e-payer-'));
  try {
    const file = path.join(folder, 'recu.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(
      /[\s\u00A0\u202F]+/g,
      ' ',
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
