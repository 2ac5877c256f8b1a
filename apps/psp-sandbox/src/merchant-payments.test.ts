import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import {
  form,
  harness,
  HOOK,
  pageText,
  verifySignature,
  type Harness,
} from './sandbox.test-support';

let h: Harness;
afterEach(() => h.app.close());

describe('« Payer un marchand » (a payment the customer starts from the wallet menu)', () => {
  it('pays from the téléphone page: journal, history, and Wave’s signed merchant.payment_received', async () => {
    h = await harness();
    const page = await h.app.inject({ method: 'GET', url: '/telephone?numero=90123456' });
    expect(pageText(page.body)).toContain('Payer un marchand');
    expect(page.body).toContain('action="/telephone/marchand"');

    const paid = await h.app.inject({
      method: 'POST',
      url: '/telephone/marchand',
      ...form({
        numero: '90123456',
        merchantCode: 'M_ECOLEDEMO',
        amount: '25000',
        reference: 'STU-001',
        pin: '1234',
        action: 'pay',
      }),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/telephone?numero=90123456&message=marchand');
    await h.flush();
    expect(h.calls).toHaveLength(1);
    const [call] = h.calls;
    expect(call!.url).toBe(`${HOOK}/wave`);
    const check = verifySignature(
      'wave',
      call!.headers['wave-signature'],
      DEMO_CREDENTIALS.wave.webhookSecret,
      call!.body,
    );
    expect(check.valid).toBe(true);
    const event = JSON.parse(call!.body);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^EV_/),
      type: 'merchant.payment_received',
      data: {
        id: expect.stringMatching(/^T_/),
        amount: '25000',
        currency: 'XOF',
        sender_mobile: '+22890123456',
        merchant_id: 'M_ECOLEDEMO',
        client_reference: 'STU-001',
      },
    });
    // In the provider's journal (its statements list it) and on the phone's history.
    const [transaction] = h.app.sandbox.store.transactions;
    expect(transaction).toMatchObject({
      provider: 'wave',
      ref: event.data.id,
      amount: 25_000,
      state: 'succeeded',
      data: { kind: 'merchant_payment' },
    });
    const after = await h.app.inject({
      method: 'GET',
      url: '/telephone?numero=90123456&message=marchand',
    });
    const text = pageText(after.body);
    expect(text).toContain('Paiement au marchand effectué');
    expect(text).toMatch(/Wave · 25.000 FCFA à M_ECOLEDEMO : Paiement effectué/);
  });

  it('a wrong PIN fails and notifies nobody; bad input is refused', async () => {
    h = await harness();
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/__sim/merchant-payments',
      payload: { merchantCode: 'M_ECOLEDEMO', amount: 1000, msisdn: '90123456', pin: '0000' },
    });
    expect(wrong.statusCode).toBe(201);
    expect(wrong.json().state).toBe('failed');
    const invalid = await h.app.inject({
      method: 'POST',
      url: '/__sim/merchant-payments',
      payload: { merchantCode: 'M ECOLE', amount: 10.5, msisdn: '12', pin: '12' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues.length).toBeGreaterThanOrEqual(3);
    const fromPage = await h.app.inject({
      method: 'POST',
      url: '/telephone/marchand',
      ...form({
        numero: '90123456',
        merchantCode: 'M_ECOLEDEMO',
        amount: '0',
        pin: '1234',
        action: 'pay',
      }),
    });
    expect(fromPage.headers.location).toContain('message=marchand-invalide');
    await h.flush();
    expect(h.calls).toHaveLength(0);
  });
});
