import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  paymentParamsPatch,
  paymentQuery,
  readDay,
  readPaymentParams,
} from './payment-params';
import type { PaymentListParams } from './payment-params';
import { refundAnswer, timelineAnswer } from './payment-fixtures';
import { shortName } from './payment-rows-table';
import { timelineEntries } from './payment-timeline';
import { providerCanRefund } from './refund-dialog';

const STUDENT = '1a2b3c4d-0000-4a00-8a00-0000000000AA';

const PLAIN: PaymentListParams = {
  status: null,
  psp: null,
  from: null,
  to: null,
  search: '',
  studentId: null,
  sort: 'desc',
  page: 1,
};

describe('payments address', () => {
  it('reads status, PSP, period, student, sort and page', () => {
    expect(
      readPaymentParams(
        new URLSearchParams(
          `statut=echec&psp=caisse&du=2026-11-01&au=2026-11-30&q=+kofi+&etudiant=${STUDENT}&tri=ancien&page=3`,
        ),
      ),
    ).toEqual({
      status: 'failed',
      psp: 'desk',
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'kofi',
      studentId: STUDENT.toLowerCase(),
      sort: 'asc',
      page: 3,
    });
  });

  it('ignores what is not valid: the filter is off', () => {
    expect(
      readPaymentParams(
        new URLSearchParams(
          'statut=succeeded&psp=moov&du=2026-02-30&au=hier&etudiant=42&tri=asc&page=-2',
        ),
      ),
    ).toEqual(PLAIN);
    // An end before the start would be refused by the server.
    expect(readPaymentParams(new URLSearchParams('du=2026-11-30&au=2026-11-01'))).toMatchObject({
      from: '2026-11-30',
      to: null,
    });
  });

  it('writes defaults as no parameter at all', () => {
    expect(paymentParamsPatch(PLAIN)).toEqual({
      statut: null,
      psp: null,
      du: null,
      au: null,
      q: null,
      etudiant: null,
      tri: null,
      page: null,
    });
    expect(
      paymentParamsPatch({ status: 'refund_pending', psp: 'MOOV_TG', sort: 'asc', page: 2 }),
    ).toEqual({ statut: 'remboursement-en-cours', psp: 'flooz', tri: 'ancien', page: 2 });
  });

  it('reads back what it writes', () => {
    const state: PaymentListParams = {
      status: 'partially_refunded',
      psp: 'desk',
      from: '2026-10-01',
      to: '2026-10-31',
      search: 'ST-2026-0004',
      studentId: STUDENT.toLowerCase(),
      sort: 'asc',
      page: 4,
    };
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(paymentParamsPatch(state))) {
      if (value !== null && value !== undefined) params.set(name, String(value));
    }
    expect(readPaymentParams(params)).toEqual(state);
  });

  it('sends the API its own names, empty filters left out', () => {
    const { page: _page, ...filters } = {
      ...PLAIN,
      status: 'succeeded' as const,
      from: '2026-11-01',
      search: 'kofi',
    };
    expect(Object.fromEntries(paymentQuery(filters, { page: 2, pageSize: 9 }))).toEqual({
      status: 'succeeded',
      from: '2026-11-01',
      student: 'kofi',
      sort: 'desc',
      page: '2',
      pageSize: '9',
    });
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters({ ...PLAIN, sort: 'asc' })).toBe(false);
  });

  it('knows a real calendar day', () => {
    expect(readDay('2028-02-29')).toBe('2028-02-29');
    expect(readDay('2026-02-29')).toBeNull();
    expect(readDay('2026-1-5')).toBeNull();
    expect(readDay('')).toBeNull();
  });
});

describe('payment rows', () => {
  it('shows a student as the spec does: initial and surname', () => {
    expect(shortName('Akossiwa Kuassi')).toBe('A. Kuassi');
    expect(shortName('  élodie Ama   Lawson ')).toBe('É. Lawson');
    expect(shortName('Kofi')).toBe('Kofi');
  });
});

describe('payment timeline', () => {
  it('tells the story in time order: transitions, notifications, allocation, receipt, refunds', () => {
    const timeline = timelineAnswer({
      refunds: [
        refundAnswer({
          status: 'succeeded',
          createdAt: '2026-11-22T09:00:00.000Z',
          completedAt: '2026-11-22T09:00:03.000Z',
        }),
      ],
    });
    expect(timelineEntries(timeline).map((entry) => [entry.kind, entry.at])).toEqual([
      ['transition', '2026-11-21T14:05:00.000Z'],
      ['event', '2026-11-21T14:05:58.000Z'],
      ['transition', '2026-11-21T14:06:00.000Z'],
      ['allocation', '2026-11-21T14:06:00.000Z'],
      ['receipt', '2026-11-21T14:06:05.000Z'],
      ['refundRequested', '2026-11-22T09:00:00.000Z'],
      ['refundEnded', '2026-11-22T09:00:03.000Z'],
    ]);
  });

  it('leaves out what has not happened: no allocation before the money, no end of a pending refund', () => {
    const timeline = timelineAnswer({
      payment: { ...timelineAnswer().payment, succeededAt: null, allocations: [], creditAmount: 0 },
      receipt: null,
      refunds: [refundAnswer()],
    });
    expect(timelineEntries(timeline).map((entry) => entry.kind)).toEqual([
      'transition',
      'event',
      'transition',
      'refundRequested',
    ]);
  });
});

describe('refund through the provider', () => {
  const payment = timelineAnswer().payment; // 70 000 FCFA
  it('is any part with a partial provider, the whole payment with a full-only one, never with none', () => {
    expect(providerCanRefund({ payment, providerRefund: 'partial' }, 1_000)).toBe(true);
    expect(providerCanRefund({ payment, providerRefund: 'full' }, 70_000)).toBe(true);
    expect(providerCanRefund({ payment, providerRefund: 'full' }, 69_999)).toBe(false);
    expect(providerCanRefund({ payment, providerRefund: 'none' }, 70_000)).toBe(false);
  });
});
