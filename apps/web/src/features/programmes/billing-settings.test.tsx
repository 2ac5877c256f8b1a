import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { BillingMessages } from '@ecolage/contracts';
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
