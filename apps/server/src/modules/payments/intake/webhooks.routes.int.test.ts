import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePaymentsHarness } from '../../../test/payments-harness';
import type { ProviderId } from '../../psp';
import {
  askToPay,
  expectCreditedOnce,
  fault,
  PROVIDERS,
  payerApproves,
  paymentOf,
  resetSandboxAfterEach,
  useFamilies,
} from '../faults/faults.test-support';
import { NotificationMessages } from './notification-shapes';

/**
 * Issue 15, item 9: the webhook routes stored whatever anyone posted (100 unsigned 60 kB bodies
 * from one address, all stored). A body that cannot be one of the provider's notifications is now
 * refused before it is stored; what fails its check is stored within a per-address budget; a real
 * notification is always stored, even from an address that has sent junk.
 */
describe('Provider notifications: what is refused before it is stored', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  resetSandboxAfterEach(harness);

  const storedEvents = async () =>
    (
      await harness().context.db.execute<{ count: number }>(
        sql`select count(*)::int as count from provider_events`,
      )
    ).rows[0]!.count;
  const post = (
    url: string,
    payload: string,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    remoteAddress = '203.0.113.9',
  ) => harness().app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const callback = (provider: ProviderId) => `/api/psp/${provider}/callback/${randomUUID()}`;
  /** A body of `bytes` bytes that is otherwise a well-formed notification of PayGate. */
  const paygateOfSize = (bytes: number) => {
    const body = { tx_reference: '1234567', identifier: randomUUID(), phone_number: '' };
    body.phone_number = 'x'.repeat(bytes - JSON.stringify(body).length);
    return JSON.stringify(body);
  };

  it('refuses the 100 anonymous 60 kB bodies of the report: nothing is stored', async () => {
    const before = await storedEvents();
    for (let sent = 0; sent < 100; sent += 1) {
      const answer = await post('/api/psp/paygate/webhook', paygateOfSize(60 * 1024));
      expect(answer.statusCode).toBe(413);
      expect(answer.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(await storedEvents()).toBe(before);
  });

  it('bounds each provider by the size of its real notifications', async () => {
    const before = await storedEvents();
    const tooLarge = await post('/api/psp/paygate/webhook', paygateOfSize(2 * 1024 + 1));
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([
      413,
      NotificationMessages.tooLarge,
    ]);
    const orange = JSON.stringify({ status: 'SUCCESS', notif_token: 'x'.repeat(1100) });
    expect((await post(callback('orange'), orange)).statusCode).toBe(413);
    const mtn = JSON.stringify({ status: 'SUCCESSFUL', payerMessage: 'x'.repeat(5000) });
    expect((await post(callback('mtn'), mtn)).statusCode).toBe(413);
    expect(await storedEvents()).toBe(before);
  });

  it('refuses what cannot be the provider’s notification: type, JSON, fields, address', async () => {
    const before = await storedEvents();
    const cases: {
      url: string;
      payload: string;
      type?: string;
      status: number;
      message: string;
    }[] = [
      {
        url: '/api/psp/paygate/webhook',
        payload: 'tx_reference=1&identifier=2',
        type: 'application/x-www-form-urlencoded',
        status: 415,
        message: NotificationMessages.notJson,
      },
      {
        url: '/api/psp/fedapay/webhook',
        payload: '{"name": "transaction.approved",',
        status: 400,
        message: NotificationMessages.notANotification,
      },
      {
        url: '/api/psp/paygate/webhook',
        payload: JSON.stringify({ hello: 'world' }),
        status: 400,
        message: NotificationMessages.notANotification,
      },
      {
        url: '/api/psp/wave/webhook',
        payload: JSON.stringify({ id: 'EV_1', type: 'checkout.session.completed' }),
        status: 400,
        message: NotificationMessages.notANotification,
      },
      {
        url: '/api/psp/fedapay/webhook',
        payload: JSON.stringify([{ name: 'transaction.approved', entity: {} }]),
        status: 400,
        message: NotificationMessages.notANotification,
      },
      {
        url: callback('orange'),
        payload: JSON.stringify({ status: 'SUCCESS' }),
        status: 400,
        message: NotificationMessages.notANotification,
      },
      {
        url: callback('mtn'),
        payload: JSON.stringify({ amount: '50000' }),
        status: 400,
        message: NotificationMessages.notANotification,
      },
      {
        // MTN and Orange call the payment's own callback URL, never the dashboard's one.
        url: '/api/psp/mtn/webhook',
        payload: JSON.stringify({ status: 'SUCCESSFUL' }),
        status: 404,
        message: NotificationMessages.wrongAddress,
      },
    ];
    for (const { url, payload, type, status, message } of cases) {
      const answer = await post(url, payload, { 'content-type': type ?? 'application/json' });
      expect([url, answer.statusCode, answer.json().message]).toEqual([url, status, message]);
    }
    expect(await storedEvents()).toBe(before);
  });

  it('refuses a Wave or FedaPay event without the signature header they always send', async () => {
    const before = await storedEvents();
    const wave = JSON.stringify({
      id: 'EV_unsigned',
      type: 'checkout.session.completed',
      data: {},
    });
    const fedapay = JSON.stringify({ id: 1, name: 'transaction.approved', entity: { id: 1 } });
    for (const [url, payload] of [
      ['/api/psp/wave/webhook', wave],
      ['/api/psp/fedapay/webhook', fedapay],
    ] as const) {
      const answer = await post(url, payload);
      expect([answer.statusCode, answer.json().message]).toEqual([
        401,
        NotificationMessages.unsigned,
      ]);
    }
    expect(await storedEvents()).toBe(before);
  });

  it('keeps 20 failed checks per address, then refuses; real notifications still get in', async () => {
    const h = harness();
    // Well-formed callbacks naming no payment, from the address the providers' callbacks use.
    const junk = () =>
      post(
        '/api/psp/paygate/webhook',
        JSON.stringify({ tx_reference: randomUUID(), identifier: randomUUID() }),
        { 'content-type': 'application/json' },
        '127.0.0.1',
      );
    const before = await storedEvents();
    const answers = [];
    for (let sent = 0; sent < 30; sent += 1) answers.push((await junk()).statusCode);
    expect(answers).toEqual([...Array<number>(20).fill(200), ...Array<number>(10).fill(429)]);
    expect(await storedEvents()).toBe(before + 20);
    // Another address has its own budget.
    const elsewhere = await post(
      '/api/psp/paygate/webhook',
      JSON.stringify({ tx_reference: randomUUID(), identifier: randomUUID() }),
    );
    expect(elsewhere.statusCode).toBe(200);

    // Every provider's real notification, from that same address, is stored and credited.
    for (const provider of PROVIDERS) {
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      await h.settle();
      const storedBefore = await storedEvents();
      payerApproves(h, payment.id);
      await h.settle();
      expect(await storedEvents(), provider).toBeGreaterThan(storedBefore);
      await expectCreditedOnce(h, school, payment.id);
    }

    // A forged-looking one from there is refused now; the poller, on its usual round, still finds
    // the payment.
    const school = await newFamily();
    const payment = await askToPay(h, school, 'wave');
    await h.settle();
    fault(h, 'wave', 'bad_signature');
    const storedBefore = await storedEvents();
    payerApproves(h, payment.id);
    await h.settle();
    expect(await storedEvents()).toBe(storedBefore);
    expect((await paymentOf(school, payment.id)).status).toBe('pending');
    h.clock.advance(600);
    await h.worker.reconcile();
    await expectCreditedOnce(h, school, payment.id);
  });
});
