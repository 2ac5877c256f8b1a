import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import { answerOnPhone, harness, type Harness } from './sandbox.test-support';

let h: Harness;
afterEach(() => h.app.close());

const DAY = '2026-03-02';

async function paidPaygate(identifier: string, phone: string, amount: number) {
  const { tx_reference } = (
    await h.app.inject({
      method: 'POST',
      url: '/paygate/api/v1/pay',
      payload: {
        auth_token: DEMO_CREDENTIALS.paygate.authToken,
        phone_number: phone,
        amount,
        identifier,
        network: 'FLOOZ',
      },
    })
  ).json<{ tx_reference: string }>();
  await answerOnPhone(h.app, phone, 'pay');
  await h.flush();
  const status = (
    await h.app.inject({
      method: 'POST',
      url: '/paygate/api/v2/status',
      payload: { auth_token: DEMO_CREDENTIALS.paygate.authToken, identifier },
    })
  ).json<{ payment_reference: string }>();
  return { txReference: tx_reference, paymentReference: status.payment_reference };
}

const exportCsv = async (query = '') => {
  const response = await h.app.inject({
    method: 'GET',
    url: `/__sim/statements/paygate?from=${DAY}&to=${DAY}${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
};

describe('PayGate statement export', () => {
  it('prints each payment’s own payment reference, the same in every export, and plants by it', async () => {
    h = await harness();
    const first = await paidPaygate('attempt-a', '90111111', 25_000);
    const second = await paidPaygate('attempt-b', '90222222', 40_000);
    expect(first.paymentReference).toMatch(/^\d+$/);

    const [header, ...rows] = await exportCsv();
    const column = (name: string) => header!.indexOf(name);
    expect(
      rows.map((row) => [row[column('tx_reference')], row[column('payment_reference')]]),
    ).toEqual([
      [first.txReference, first.paymentReference],
      [second.txReference, second.paymentReference],
    ]);
    // Stable: a second export prints the same references.
    const [, ...again] = await exportCsv();
    expect(again).toEqual(rows);

    // `plant=` names a line by its payment reference too.
    const [, ...planted] = await exportCsv(
      `&plant=${encodeURIComponent(`amount:${second.paymentReference},missing:${first.paymentReference}`)}`,
    );
    expect(planted).toHaveLength(1);
    expect(planted[0]![column('payment_reference')]).toBe(second.paymentReference);
    expect(planted[0]![column('amount')]).toBe('40500');
  });
});
