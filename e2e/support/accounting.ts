import { mkdirSync, readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { francsOnScreen } from './accounting-files';

/**
 * The accounting journey's helpers: the product's API with a member's session, the demo school's
 * students and invoices, the sandbox's téléphone page, the Comptabilité rows as the screen shows
 * them, screenshots and downloads.
 */

export const SHOTS = '/tmp/shots';
export const DIRECTION = 'direction@ecole-demo.tg';
export const PASSWORD = 'ecolage-demo';

export interface Session {
  access_token: string;
}
export interface SettlementRow {
  id: string;
  kind: 'payment' | 'refund';
  paymentId: string;
  date: string;
  studentLabel: string;
  gross: number;
  commission: number;
  providerFee: number;
  net: number;
  status: 'pending' | 'in_payout' | 'paid' | 'at_desk';
  provider: string;
  wallet: string;
  payoutId: string | null;
  payoutReference: string | null;
  transferId: string | null;
}
export interface SettlementPage {
  rows: SettlementRow[];
  total: number;
  totals: { count: number; gross: number; commission: number; providerFee: number; net: number };
}
export interface QueueItem {
  id: string;
  kind: string;
  paymentId: string | null;
  statementAmount: number | null;
  ourAmount: number | null;
}
export interface FeeRate {
  provider: string;
  wallet: string | null;
  percentBp: number;
  fixedXof: number;
}

export async function call(
  route: string,
  init: { body?: unknown; token?: string; method?: string; origin?: string } = {},
): Promise<Response> {
  return fetch(`${init.origin ?? inject('baseUrl')}${route}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

export async function api<T>(
  route: string,
  init: { body?: unknown; token?: string; method?: string; origin?: string } = {},
): Promise<T> {
  const response = await call(route, init);
  if (response.status >= 300) {
    throw new Error(
      `${init.method ?? 'GET'} ${route} : ${response.status} ${await response.text()}`,
    );
  }
  return (await response.json()) as T;
}

export async function tokenOf(email: string): Promise<string> {
  return (await api<Session>('/api/auth/login', { body: { email, password: PASSWORD } }))
    .access_token;
}

export async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/comptabilite-${name}.png`, fullPage: true });
}

/** `bp` basis points of `amount`, half up, on integers (as the settlement does). */
export function basisPoints(amount: number, bp: number): number {
  return Math.floor((amount * bp * 2 + 10_000) / 20_000);
}

export function todayInLome(): string {
  // Lomé is on UTC all year.
  return new Date().toISOString().slice(0, 10);
}

export interface StudentFacts {
  id: string;
  matricule: string;
  fullName: string;
  guardianId: string;
  oldestOpenInvoice: { id: string; balance: number };
}

export async function student(token: string, name: string): Promise<StudentFacts> {
  const found = await api<{ items: { id: string; fullName: string; matricule: string }[] }>(
    `/api/students?search=${encodeURIComponent(name)}&page=1&pageSize=5`,
    { token },
  );
  const item = found.items.find((one) => one.fullName === name);
  if (!item) throw new Error(`${name} n’est pas dans les données de démonstration`);
  const detail = await api<{ guardians: { id: string; mainPayer: boolean }[] }>(
    `/api/students/${item.id}`,
    { token },
  );
  const open = await api<{ items: { id: string; dueOn: string; balance: number }[] }>(
    `/api/invoices?studentId=${item.id}&status=open&pageSize=50`,
    { token },
  );
  const oldest = [...open.items]
    .filter((invoice) => invoice.balance > 0)
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn))[0];
  if (!oldest) throw new Error(`${name} n’a pas de facture ouverte`);
  return {
    id: item.id,
    matricule: item.matricule,
    fullName: item.fullName,
    guardianId: (detail.guardians.find((one) => one.mainPayer) ?? detail.guardians[0])!.id,
    oldestOpenInvoice: { id: oldest.id, balance: oldest.balance },
  };
}

/** What a student owes: the balances of their issued invoices (open or partly paid). */
export async function openBalance(token: string, studentId: string): Promise<number> {
  const invoices = await api<{ items: { balance: number; status: string }[]; total: number }>(
    `/api/invoices?studentId=${studentId}&pageSize=50`,
    { token },
  );
  expect(invoices.total).toBeLessThanOrEqual(50);
  return invoices.items
    .filter((invoice) => invoice.status === 'open' || invoice.status === 'partially_paid')
    .reduce((sum, invoice) => sum + invoice.balance, 0);
}

/**
 * The payer approves the push shown on the sandbox's téléphone page for `phone` (a page of its
 * own: the téléphone page reloads itself when its prompts change).
 */
export async function approveOnPhone(phonePage: Page, phone: string) {
  await phonePage.goto(`${inject('sandboxUrl')}/telephone?numero=${encodeURIComponent(phone)}`);
  const prompt = phonePage.getByRole('region', { name: /^Demande de / }).first();
  await prompt.getByText(/Confirmez le paiement de/).waitFor();
  await prompt.getByLabel('Code secret').fill('2468');
  await prompt.getByRole('button', { name: 'Payer' }).click();
  await phonePage.getByText('Paiement confirmé.').waitFor();
  await phonePage.close();
}

export async function waitForPayment(token: string, paymentId: string) {
  await expect
    .poll(
      async () => (await api<{ status: string }>(`/api/payments/${paymentId}`, { token })).status,
      { timeout: 30_000, interval: 250 },
    )
    .toBe('succeeded');
}

/** The settlement line of a payment, once the event handler wrote it. */
export async function settlementOf(token: string, name: string, paymentId: string) {
  let line: SettlementRow | undefined;
  await expect
    .poll(
      async () => {
        const page = await api<SettlementPage>(
          `/api/accounting/settlements?q=${encodeURIComponent(name)}`,
          { token },
        );
        line = page.rows.find((row) => row.paymentId === paymentId && row.kind === 'payment');
        return Boolean(line);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return line!;
}

/** The cells of the Comptabilité row of `name` (one line per student in this journey). */
export async function rowCells(page: Page, name: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Lignes de la comptabilité' });
  const row = table.getByRole('row').filter({ hasText: name });
  await row.first().waitFor();
  expect(await row.count()).toBe(1);
  return row.getByRole('cell').allInnerTexts();
}

/** Shows the Paiements tab filtered on a student and returns the row's amounts as shown. */
export async function shownLine(page: Page, name: string) {
  await page.goto(`/admin/comptabilite?q=${encodeURIComponent(name)}`);
  const cells = await rowCells(page, name);
  // Date, Étudiant, Brut, Commission, Frais PSP, Net, Statut, Identifiant du virement.
  return {
    gross: francsOnScreen(cells[2]!),
    commission: francsOnScreen(cells[3]!),
    fee: francsOnScreen(cells[4]!),
    net: francsOnScreen(cells[5]!),
    status: cells[6]!.trim(),
    transfer: cells[7]!.trim(),
  };
}

export async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFileSync(file);
}

/** A push to `phone` for the student's oldest open invoice (part of it: `amount`), pending. */
export async function requestWalletPayment(
  token: string,
  facts: StudentFacts,
  wallet: 'YAS_TG' | 'MOOV_TG',
  phone: string,
  amount: number,
): Promise<{ id: string }> {
  const payment = await api<{ id: string; status: string }>('/api/payments', {
    token,
    body: {
      guardianId: facts.guardianId,
      wallet,
      phone,
      invoiceIds: [facts.oldestOpenInvoice.id],
      amount,
    },
  });
  expect(payment.status).toBe('pending');
  return payment;
}

/** Cash at the desk: the cashier's own session, opened, the payment, closed with the right count. */
export async function payCashAtDesk(facts: StudentFacts, amount: number): Promise<{ id: string }> {
  const cashier = await tokenOf('caisse@ecole-demo.tg');
  const session = await api<{ id: string }>('/api/cash-sessions', {
    token: cashier,
    body: { openingFloat: 0 },
  });
  const cash = await api<{ payment: { id: string } }>(`/api/cash-sessions/${session.id}/payments`, {
    token: cashier,
    body: {
      studentId: facts.id,
      invoiceIds: [facts.oldestOpenInvoice.id],
      amount,
      method: 'CASH',
    },
  });
  await api(`/api/cash-sessions/${session.id}/close`, {
    token: cashier,
    body: { countedAmount: amount },
  });
  return cash.payment;
}
