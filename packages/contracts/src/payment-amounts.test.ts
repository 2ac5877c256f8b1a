import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkPaymentAmount, type PaymentAmountCase } from './payment-amounts';
import { paymentAmountMessage, paymentAmountRefinement } from './payment-amounts-schema';
import { MAX_FRANCS } from './common';
import { PaymentMessages } from './payments';
import { PayerMessages } from './payer';

const francs = fc.integer({ min: 0, max: MAX_FRANCS });
const typed = fc.option(fc.integer({ min: -1000, max: MAX_FRANCS }), { nil: undefined });
const online = fc.option(
  fc.record({ partialAllowed: fc.boolean(), minimumAmount: fc.integer({ min: 0, max: 500_000 }) }),
  { nil: undefined },
);
const anyCase = fc.record({ amount: typed, balance: francs, capped: fc.boolean(), online });

/** The staff's request as `request-payment.service.ts` wrote it before the rules lived here. */
function formerStaffRule(amount: number | undefined, balance: number, chosen: boolean) {
  const paid = amount ?? balance;
  if (paid <= 0) return 'NOTHING_TO_PAY';
  if (chosen && paid > balance) return 'AMOUNT_ABOVE_BALANCE';
  return 'ok';
}

/** The payer's link as `pay-by-link.service.ts` wrote it (an amount typed). */
function formerPayerRule(
  amount: number,
  balance: number,
  school: { partialAllowed: boolean; minimumAmount: number },
) {
  if (!school.partialAllowed) return 'PARTIAL_NOT_ALLOWED';
  if (amount > balance) return 'AMOUNT_ABOVE_BALANCE';
  if (amount < school.minimumAmount && amount < balance) return 'AMOUNT_BELOW_MINIMUM';
  return 'ok';
}

const outcome = (rules: PaymentAmountCase) => {
  const verdict = checkPaymentAmount(rules);
  return verdict.ok ? 'ok' : verdict.code;
};

describe('checkPaymentAmount', () => {
  it('takes the whole balance when no amount is typed', () => {
    expect(checkPaymentAmount({ amount: undefined, balance: 75_000, capped: true })).toEqual({
      ok: true,
      amount: 75_000,
    });
  });

  it('says there is nothing to pay without an amount or a balance', () => {
    expect(checkPaymentAmount({ amount: undefined, balance: 0, capped: false })).toEqual({
      ok: false,
      code: 'NOTHING_TO_PAY',
      params: {},
    });
  });

  it('refuses more than the chosen invoices owe, naming their balance', () => {
    expect(checkPaymentAmount({ amount: 80_000, balance: 75_000, capped: true })).toEqual({
      ok: false,
      code: 'AMOUNT_ABOVE_BALANCE',
      params: { balance: 75_000 },
    });
  });

  it('lets an amount above the balance through when it is not capped (family credit)', () => {
    expect(checkPaymentAmount({ amount: 80_000, balance: 75_000, capped: false })).toEqual({
      ok: true,
      amount: 80_000,
    });
  });

  it('refuses centimes', () => {
    expect(checkPaymentAmount({ amount: 1500.5, balance: 75_000, capped: true })).toMatchObject({
      ok: false,
      code: 'AMOUNT_NOT_WHOLE_FRANCS',
    });
    expect(outcome({ amount: Number.NaN, balance: 1, capped: false })).toBe(
      'AMOUNT_NOT_WHOLE_FRANCS',
    );
  });

  it('online: refuses below the minimum, naming it, unless everything left is paid', () => {
    const school = { partialAllowed: true, minimumAmount: 10_000 };
    expect(
      checkPaymentAmount({ amount: 5_000, balance: 75_000, capped: true, online: school }),
    ).toEqual({ ok: false, code: 'AMOUNT_BELOW_MINIMUM', params: { minimum: 10_000 } });
    expect(
      checkPaymentAmount({ amount: 5_000, balance: 5_000, capped: true, online: school }),
    ).toEqual({ ok: true, amount: 5_000 });
  });

  it('online: refuses any amount when the school takes whole invoices only', () => {
    const school = { partialAllowed: false, minimumAmount: 0 };
    expect(outcome({ amount: 75_000, balance: 75_000, capped: true, online: school })).toBe(
      'PARTIAL_NOT_ALLOWED',
    );
    expect(outcome({ amount: undefined, balance: 75_000, capped: true, online: school })).toBe(
      'ok',
    );
  });

  it('answers as the staff request did, for every whole amount and balance', () => {
    fc.assert(
      fc.property(typed, francs, fc.boolean(), (amount, balance, chosen) => {
        expect(outcome({ amount, balance, capped: chosen })).toBe(
          formerStaffRule(amount, balance, chosen),
        );
      }),
    );
  });

  it('answers as the payer link did, for every amount a payer can type', () => {
    const school = fc.record({
      partialAllowed: fc.boolean(),
      minimumAmount: fc.integer({ min: 0, max: 500_000 }),
    });
    const payerAmount = fc.integer({ min: 1, max: MAX_FRANCS });
    const balance = fc.integer({ min: 1, max: MAX_FRANCS });
    fc.assert(
      fc.property(payerAmount, balance, school, (amount, owed, rules) => {
        expect(outcome({ amount, balance: owed, capped: true, online: rules })).toBe(
          formerPayerRule(amount, owed, rules),
        );
      }),
    );
  });

  it('only ever accepts a positive whole amount within the rules', () => {
    fc.assert(
      fc.property(anyCase, (rules) => {
        const verdict = checkPaymentAmount(rules);
        if (!verdict.ok) return;
        expect(Number.isSafeInteger(verdict.amount)).toBe(true);
        expect(verdict.amount).toBeGreaterThan(0);
        if (rules.capped) expect(verdict.amount).toBeLessThanOrEqual(rules.balance);
        if (rules.online && rules.amount !== undefined) {
          expect(rules.online.partialAllowed).toBe(true);
          // Below the minimum only to pay everything that is left (or more, when not capped).
          expect(
            verdict.amount >= rules.online.minimumAmount || verdict.amount >= rules.balance,
          ).toBe(true);
        }
      }),
    );
  });

  it('pays exactly the amount typed, or the balance', () => {
    fc.assert(
      fc.property(anyCase, (rules) => {
        const verdict = checkPaymentAmount(rules);
        if (verdict.ok) expect(verdict.amount).toBe(rules.amount ?? rules.balance);
      }),
    );
  });

  it('is written without imports, so the payer pages may use it without zod', () => {
    const source = readFileSync(new URL('./payment-amounts.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
  });
});

describe('paymentAmountRefinement', () => {
  const form = z.object({ amount: z.number().optional(), balance: z.number() }).superRefine(
    paymentAmountRefinement((values: { amount?: number; balance: number }) => ({
      amount: values.amount,
      balance: values.balance,
      capped: true,
    })),
  );

  it('puts the refusal on the amount, with its code and parameters', () => {
    const result = form.safeParse({ amount: 90_000, balance: 75_000 });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['amount'],
        message: PaymentMessages.amountAboveBalance,
        params: { code: 'AMOUNT_ABOVE_BALANCE', balance: 75_000 },
      }),
    ]);
  });

  it('passes an amount within the rules', () => {
    expect(form.safeParse({ amount: 50_000, balance: 75_000 }).success).toBe(true);
  });

  it('says each refusal in French as the server does', () => {
    expect(paymentAmountMessage({ code: 'AMOUNT_BELOW_MINIMUM', params: { minimum: 5000 } })).toBe(
      PayerMessages.amountBelowMinimum,
    );
    expect(paymentAmountMessage({ code: 'PARTIAL_NOT_ALLOWED', params: {} })).toBe(
      PayerMessages.partialNotAllowed,
    );
  });

  it('puts a refusal where the form says, and says nothing when told to', () => {
    const choose = z.object({ ids: z.array(z.string()) }).superRefine(
      paymentAmountRefinement(
        (values: { ids: string[] }) =>
          values.ids.length === 99 ? null : { amount: undefined, balance: 0, capped: true },
        () => 'ids',
      ),
    );
    expect(choose.safeParse({ ids: [] }).error?.issues[0]).toMatchObject({
      path: ['ids'],
      message: PaymentMessages.nothingToPay,
    });
    expect(choose.safeParse({ ids: Array(99).fill('x') }).success).toBe(true);
  });
});
