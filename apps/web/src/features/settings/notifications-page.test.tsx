import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MemberNotificationPreferences } from '@ecolage/contracts';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { changeLanguage } from '../../i18n';
import { settingsServer } from './settings-fixtures';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const section = (name: string) => screen.getByRole('region', { name });

const mine = (): MemberNotificationPreferences => ({
  settings: {
    'nouvelle-vente': true,
    'nouvelle-inscription': true,
    'paiement-recu': true,
    'paiement-echoue': false,
    'resume-hebdomadaire': false,
  },
  notificationEmail: null,
  loginEmail: 'ama@flamboyants.tg',
});

function server() {
  return settingsServer({
    'GET /api/profile/notifications': () => mine(),
    'PUT /api/profile/notifications': (request) => ({
      ...(request.body as object),
      loginEmail: 'ama@flamboyants.tg',
    }),
  });
}

describe('« Notifications »: my settings', () => {
  it('shows the five settings with their defaults and saves mine', async () => {
    storeSession();
    const fake = server();
    const { user } = await renderApp('/admin/notifications');
    await heading('Notifications');
    const member = section('Mes notifications');
    const boxes = await within(member).findAllByRole('checkbox');
    expect(
      boxes.map((box) => [box.getAttribute('name'), (box as HTMLInputElement).checked]),
    ).toEqual([
      ['settings.nouvelle-vente', true],
      ['settings.nouvelle-inscription', true],
      ['settings.paiement-recu', true],
      ['settings.paiement-echoue', false],
      ['settings.resume-hebdomadaire', false],
    ]);
    expect(within(member).getByText(/Un paiement refusé, expiré ou annulé/)).toBeTruthy();
    const email = within(member).getByLabelText('E-mail de mes notifications');
    expect(email.getAttribute('type')).toBe('email');
    expect(
      within(member).getByText(/votre e-mail de connexion \(ama@flamboyants\.tg\)/),
    ).toBeTruthy();

    await user.click(within(member).getByRole('checkbox', { name: 'Paiement échoué' }));
    await user.click(within(member).getByRole('checkbox', { name: 'Résumé hebdomadaire' }));
    await user.click(within(member).getByRole('checkbox', { name: 'Paiement reçu' }));
    await user.type(email, 'direction@flamboyants.tg');
    await user.click(within(member).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Vos réglages de notifications sont enregistrés.')).toBeTruthy();
    expect(fake.sent('PUT', '/api/profile/notifications').map((r) => r.body)).toEqual([
      {
        settings: {
          'nouvelle-vente': true,
          'nouvelle-inscription': true,
          'paiement-recu': false,
          'paiement-echoue': true,
          'resume-hebdomadaire': true,
        },
        notificationEmail: 'direction@flamboyants.tg',
      },
    ]);
    expect(fake.sent('PUT', '/api/settings/notifications')).toEqual([]);
  });

  it('refuses a wrong e-mail before sending', async () => {
    storeSession();
    const fake = server();
    const { user } = await renderApp('/admin/notifications');
    const member = await waitFor(() => section('Mes notifications'));
    const email = await within(member).findByLabelText('E-mail de mes notifications');
    await user.type(email, 'direction@');
    await user.click(within(member).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(fake.sent('PUT', '/api/profile/notifications')).toEqual([]);
  });

  it('is every member’s: a cashier keeps their own, without the school’s part', async () => {
    storeSession(withPermissions('read:payments', 'read:students'));
    const fake = server();
    const { user } = await renderApp('/admin/notifications');
    await heading('Notifications');
    const member = section('Mes notifications');
    await user.click(await within(member).findByRole('checkbox', { name: 'Nouvelle vente' }));
    await user.click(within(member).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(fake.sent('PUT', '/api/profile/notifications')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Avis de l’école' })).toBeNull();
    expect(fake.fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(
      '/api/settings/notifications',
    );
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    storeSession();
    server();
    await renderApp('/admin/notifications');
    const member = await waitFor(() => section('My notifications'));
    expect(await within(member).findByRole('checkbox', { name: 'Weekly summary' })).toBeTruthy();
  });
});

describe('« Notifications »: the school’s notices', () => {
  it('shows the settings and sends the changed ones', async () => {
    storeSession();
    const fake = server();
    const { user } = await renderApp('/admin/notifications');
    await heading('Notifications');
    const school = await waitFor(() => section('Avis de l’école'));
    const admission = await within(school).findByRole('checkbox', {
      name: 'Nouvelle pré-inscription reçue',
    });
    expect((admission as HTMLInputElement).checked).toBe(true);
    expect(
      within(school).getByText(/avertit toujours toutes les Super administrations/),
    ).toBeTruthy();
    await user.type(
      within(school).getByLabelText('E-mail des notifications'),
      'alertes@flamboyants.tg',
    );
    await user.click(admission);
    await user.click(within(school).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Notifications enregistrées.')).toBeTruthy();
    expect(fake.sent('PUT', '/api/settings/notifications').map((r) => r.body)).toEqual([
      { notificationEmail: 'alertes@flamboyants.tg', admissionReceived: false, kycReviewed: true },
    ]);
  });

  it('refuses a wrong e-mail before sending', async () => {
    storeSession();
    const fake = server();
    const { user } = await renderApp('/admin/notifications');
    const school = await waitFor(() => section('Avis de l’école'));
    const email = await within(school).findByLabelText('E-mail des notifications');
    await user.type(email, 'alertes@');
    await user.click(within(school).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(fake.sent('PUT', '/api/settings/notifications')).toEqual([]);
  });

  it('is read-only for a member without manage:settings', async () => {
    storeSession(withPermissions('read:settings'));
    server();
    await renderApp('/admin/notifications');
    const school = await waitFor(() => section('Avis de l’école'));
    const email = await within(school).findByLabelText('E-mail des notifications');
    // Disabled by its fieldset.
    expect(email.matches(':disabled')).toBe(true);
    expect(within(school).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.getByText(/Votre rôle permet de consulter ces paramètres/)).toBeTruthy();
    // Their own settings stay theirs to change.
    expect(
      within(section('Mes notifications')).getByRole('button', { name: 'Enregistrer' }),
    ).toBeTruthy();
  });
});
