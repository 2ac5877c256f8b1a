import { describe, expect, it } from 'vitest';
import { buildSandbox } from './app';

describe('bank transfers (payouts)', () => {
  it('processing, then paid after the delay; the same idempotency key gives the same transfer; the switch fails the next one', async () => {
    let now = new Date('2026-11-23T09:00:00Z');
    const app = await buildSandbox({ now: () => now });
    const body = {
      reference: 'VIR-2026-000001',
      amount: 133_200,
      currency: 'XOF',
      beneficiary: { bank: 'Orabank', holder: 'École', account: 'TG0090604310346500400070' },
    };
    const headers = { 'idempotency-key': 'payout-1' };
    const created = await app.inject({
      method: 'POST',
      url: '/banque/v1/virements',
      payload: body,
      headers,
    });
    expect(created.statusCode).toBe(201);
    const { id, status } = created.json();
    expect(status).toBe('processing');
    const again = await app.inject({
      method: 'POST',
      url: '/banque/v1/virements',
      payload: body,
      headers,
    });
    expect(again.json().id).toBe(id);
    expect((await app.inject({ url: `/banque/v1/virements/${id}` })).json().status).toBe(
      'processing',
    );
    now = new Date(now.getTime() + 6_000);
    expect((await app.inject({ url: `/banque/v1/virements/${id}` })).json().status).toBe('paid');

    await app.inject({ method: 'POST', url: '/banque/__sim/echec', payload: { failNext: 1 } });
    const failing = await app.inject({
      method: 'POST',
      url: '/banque/v1/virements',
      payload: { ...body, reference: 'VIR-2026-000002' },
    });
    now = new Date(now.getTime() + 6_000);
    const answer = (await app.inject({ url: `/banque/v1/virements/${failing.json().id}` })).json();
    expect(answer).toMatchObject({ status: 'failed', reason: expect.any(String) });
    expect((await app.inject({ url: '/banque/v1/virements/inconnu' })).statusCode).toBe(404);
    await app.close();
  });
});
