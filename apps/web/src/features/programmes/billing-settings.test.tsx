import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { BillingMessages } from '@ecolage/contracts';
import type { BillingSettings } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { describedText } from '../../test/fields';
import { storeSession, withPermissions } from '../../test/session';
import { BILLING, openProgrammes, programmesRoutes } from './programmes-fixtures';

async function openRules() {
  const view = await openProgrammes();
  const section = screen.getByRole('region', { name: 'Règles de facturation' });
  const form = await within(section).findByRole('form', { name: 'Règles de facturation' });
  return { ...view, form };
}

describe('« Règles de facturation »', () => {
  it('shows the rules and saves them (PUT) once the contracts accept them', async () => {
    storeSession();
    const fetchMock = routeFetch(
      programmesRoutes({ 'PUT /api/billing/settings': ({ body }) => body }),
    );
    const { user, form } = await openRules();

    const prefix = within(form).getByLabelText('Préfixe des matricules');
    expect(prefix).toHaveProperty('value', 'STU');
    expect(within(form).getByLabelText('Jour d’échéance des mensualités')).toHaveProperty(
      'value',
      '5',
    );
    expect(
      within(form).getByRole('checkbox', { name: 'Appliquer une réduction aux frères et sœurs' }),
    ).toHaveProperty('checked', true);

    await user.clear(prefix);
    await user.type(prefix, 'ecl');
    expect(prefix).toHaveProperty('value', 'ECL');
    await user.click(
      within(form).getByRole('checkbox', { name: 'Appliquer des pénalités de retard' }),
    );
    await user.click(within(form).getByRole('radio', { name: 'Pourcentage du solde' }));
    const value = within(form).getByLabelText('Pourcentage de la pénalité');
    await user.clear(value);
    await user.type(value, '150');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les règles' }));
    expect(describedText(value)).toContain(BillingMessages.percentRange);
    expect(document.activeElement).toBe(value);
    expect(callsTo(fetchMock, 'PUT', '/api/billing/settings')).toHaveLength(0);

    await user.clear(value);
    await user.type(value, '2');
    const cap = within(form).getByLabelText('Plafond par facture');
    await user.clear(cap);
    await user.type(cap, '15 000');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les règles' }));
    expect(await screen.findByText('Règles de facturation enregistrées.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PUT', '/api/billing/settings')).toEqual([
      {
        ...BILLING,
        matriculePrefix: 'ECL',
        lateFee: { enabled: true, graceDays: 15, kind: 'percent', value: 2, cap: 15000 },
      },
    ]);
  });

  it('allows partial online payments above a minimum, asked only once they are allowed', async () => {
    storeSession();
    const fetchMock = routeFetch(
      programmesRoutes({ 'PUT /api/billing/settings': ({ body }) => body }),
    );
    const { user, form } = await openRules();
    const online = within(form).getByRole('group', { name: 'Paiement en ligne' });
    const partial = within(online).getByRole('checkbox', {
      name: 'Autoriser les paiements partiels',
    });
    expect(partial).toHaveProperty('checked', false);
    expect(within(online).queryByLabelText('Montant minimum (FCFA)')).toBeNull();

    await user.click(partial);
    const minimum = within(online).getByLabelText('Montant minimum (FCFA)');
    expect(minimum).toHaveProperty('value', '0');
    await user.clear(minimum);
    const save = within(form).getByRole('button', { name: 'Enregistrer les règles' });
    await user.click(save);
    expect(describedText(minimum)).toContain('Ce champ est obligatoire.');
    expect(document.activeElement).toBe(minimum);
    await user.type(minimum, '2500,5');
    await user.click(save);
    expect(describedText(minimum)).toContain(
      'Le minimum doit être un nombre entier de francs (pas de centimes).',
    );
    expect(callsTo(fetchMock, 'PUT', '/api/billing/settings')).toHaveLength(0);

    await user.clear(minimum);
    await user.type(minimum, '5000');
    await user.tab();
    expect((minimum as HTMLInputElement).value.replace(/\s/g, ' ')).toBe('5 000');
    await user.click(save);
    expect(await screen.findByText('Règles de facturation enregistrées.')).toBeTruthy();

    // Switched off: the minimum is hidden and kept as it was.
    await user.click(partial);
    expect(within(online).queryByLabelText('Montant minimum (FCFA)')).toBeNull();
    await user.click(save);
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/billing/settings')).toHaveLength(2),
    );
    expect(
      bodiesSentTo(fetchMock, 'PUT', '/api/billing/settings').map(
        (body) => (body as BillingSettings).onlinePayment,
      ),
    ).toEqual([
      { partialAllowed: true, minimumAmount: 5000 },
      { partialAllowed: false, minimumAmount: 5000 },
    ]);
  });

  it('shows the saved minimum of a school that allows partial payments', async () => {
    storeSession();
    routeFetch(
      programmesRoutes({
        'GET /api/billing/settings': () => ({
          ...BILLING,
          onlinePayment: { partialAllowed: true, minimumAmount: 10000 },
        }),
      }),
    );
    const { form } = await openRules();
    expect(
      within(form).getByRole('checkbox', { name: 'Autoriser les paiements partiels' }),
    ).toHaveProperty('checked', true);
    const minimum = within(form).getByLabelText('Montant minimum (FCFA)') as HTMLInputElement;
    expect(minimum.value.replace(/\s/g, ' ')).toBe('10 000');
    expect(describedText(minimum)).toContain('0 : pas de minimum.');
  });

  it('is read-only without manage:settings', async () => {
    storeSession(withPermissions('read:programmes', 'read:settings'));
    routeFetch(programmesRoutes());
    const { form } = await openRules();
    expect(
      screen.getByText('Votre rôle permet de consulter ces règles, pas de les modifier.'),
    ).toBeTruthy();
    // Every control sits in a disabled fieldset.
    expect(within(form).getByLabelText('Préfixe des matricules').matches(':disabled')).toBe(true);
    expect(within(form).getByLabelText('Plafond par facture').matches(':disabled')).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Enregistrer les règles' })).toBeNull();
  });
});
