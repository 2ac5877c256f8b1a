import { describe, expect, it } from 'vitest';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';

describe('Billing settings: online payment', () => {
  const { app } = useTestApp();

  it('saves the partial payment rule and its minimum, and reads them back', async () => {
    const { call } = await signUpSchool(app(), 'Collège Saint-Joseph');
    const other = await signUpSchool(app(), 'Lycée de Tokoin');
    const before = await ok(call('GET', '/api/billing/settings'));
    expect(before.onlinePayment).toEqual({ partialAllowed: false, minimumAmount: 0 });

    const saved = await ok(
      call('PUT', '/api/billing/settings', {
        ...before,
        onlinePayment: { partialAllowed: true, minimumAmount: 5000 },
      }),
    );
    expect(saved.onlinePayment).toEqual({ partialAllowed: true, minimumAmount: 5000 });
    const read = await ok(call('GET', '/api/billing/settings'));
    expect(read).toEqual({
      ...before,
      onlinePayment: { partialAllowed: true, minimumAmount: 5000 },
    });
    // Another school keeps its own rule.
    expect((await ok(other.call('GET', '/api/billing/settings'))).onlinePayment).toEqual({
      partialAllowed: false,
      minimumAmount: 0,
    });

    const journal = await ok(call('GET', '/api/audit-entries?category=settings'));
    const entry = journal.items.find(
      (item: { action: string }) => item.action === 'billing.settings_updated',
    );
    expect(entry.details).toMatchObject({ 'paiement partiel en ligne': 'oui, minimum 5 000 FCFA' });

    // Switched off again.
    const off = await ok(
      call('PUT', '/api/billing/settings', {
        ...read,
        onlinePayment: { partialAllowed: false, minimumAmount: 5000 },
      }),
    );
    expect(off.onlinePayment).toEqual({ partialAllowed: false, minimumAmount: 5000 });
  });

  it('refuses a minimum that is not a whole, positive number of francs, in French', async () => {
    const { call } = await signUpSchool(app(), 'École Les Palmiers');
    const settings = await ok(call('GET', '/api/billing/settings'));
    for (const [minimumAmount, message] of [
      [-500, 'Le minimum ne peut pas être négatif.'],
      [2500.5, 'Le minimum doit être un nombre entier de francs (pas de centimes).'],
      ['5000', 'Le minimum doit être un nombre entier de francs.'],
    ] as const) {
      const response = await call('PUT', '/api/billing/settings', {
        ...settings,
        onlinePayment: { partialAllowed: true, minimumAmount },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues).toContainEqual({
        path: 'onlinePayment.minimumAmount',
        message,
      });
    }
    expect((await ok(call('GET', '/api/billing/settings'))).onlinePayment).toEqual({
      partialAllowed: false,
      minimumAmount: 0,
    });
  });
});
