import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OperatorSchoolDetail, OperatorSchoolItem } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { Routes } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';

const SAINTE_RITA = '5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a41';
const COCOTIERS = '6b2d3f40-5c6e-4f70-9b8c-0d1e2f3a4b52';

function school(overrides: Partial<OperatorSchoolItem> = {}): OperatorSchoolItem {
  return {
    id: SAINTE_RITA,
    name: 'Collège Sainte-Rita',
    slug: 'college-sainte-rita',
    city: 'Lomé',
    country: 'TG',
    plan: 'croissance',
    planSince: '2026-09-01T08:00:00.000Z',
    status: 'active',
    kycStatus: 'soumis',
    membersCount: 4,
    collectedThisMonth: 1_250_000,
    collectedThisYear: 9_800_000,
    createdAt: '2026-08-20T08:00:00.000Z',
    ...overrides,
  };
}

const STATUTS = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e61';
const IDENTITY = 'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f72';

function detail(): OperatorSchoolDetail {
  const document = (id: string, kind: 'statuts' | 'piece_identite', fileName: string) => ({
    id,
    kind,
    fileName,
    mime: 'application/pdf',
    size: 204_800,
    uploadedAt: '2026-11-20T09:00:00.000Z',
    status: 'soumis' as const,
    refusalReason: null,
    reviewedAt: null,
  });
  return {
    ...school(),
    contact: { email: 'direction@sainte-rita.tg', phone: '+22890123456', address: 'Tokoin' },
    planTerms: {
      plan: 'croissance',
      effectiveFrom: '2026-09-01T08:00:00.000Z',
      commissionRateBp: 200,
      feeFreeVolumeXof: 0,
      subscriptionXof: 0,
      subscriptionPeriod: 'month',
      memberLimit: null,
      remindersPerMonth: 1000,
    },
    kyc: {
      status: 'a_envoyer',
      documents: [
        { kind: 'statuts', document: document(STATUTS, 'statuts', 'statuts.pdf') },
        { kind: 'autorisation', document: null },
        { kind: 'piece_identite', document: document(IDENTITY, 'piece_identite', 'cni.pdf') },
        { kind: 'justificatif_bancaire', document: null },
      ],
    },
  };
}

function operatorRoutes(): Routes {
  return {
    'GET /api/operator/schools': ({ url }) => {
      const kyc = url.searchParams.get('kyc');
      const items = [
        school(),
        school({
          id: COCOTIERS,
          name: 'Lycée Les Cocotiers',
          slug: 'lycee-les-cocotiers',
          city: 'Kpalimé',
          plan: 'decouverte',
          kycStatus: 'valide',
          collectedThisMonth: 0,
        }),
      ].filter((item) => !kyc || item.kycStatus === kyc);
      return { items, total: items.length, page: 1, pageSize: 20 };
    },
    [`GET /api/operator/schools/${SAINTE_RITA}`]: () => detail(),
    [`POST /api/operator/schools/${SAINTE_RITA}/kyc-documents/${IDENTITY}/review`]: ({ body }) => ({
      ...detail().kyc.documents[2]!.document,
      status: (body as { decision: string }).decision,
      refusalReason: (body as { reason?: string }).reason ?? null,
    }),
  };
}

function storeOperator() {
  storeSession({
    platformRole: 'operator',
    operatorOnly: true,
    organization: { id: '', name: '', slug: '' },
    role: { id: '', name: '' },
    permissions: [],
    memberships: [],
  });
}

describe('the operator console', () => {
  it('lists the schools with their plan, KYC and volumes, filtered from the address', async () => {
    storeOperator();
    const fetchMock = routeFetch(operatorRoutes());
    const { user } = await renderApp('/operateur');
    const table = await screen.findByRole('table', { name: 'Écoles de la plateforme' });
    expect(screen.getByRole('navigation', { name: 'Sections de la console' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'École',
      'Ville',
      'Formule',
      'Statut',
      'KYC',
      'Membres',
      'Encaissé ce mois',
      'Depuis janvier',
      'Inscrite le',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!).getByRole('link', { name: 'Collège Sainte-Rita' }).getAttribute('href'),
    ).toBe(`/operateur/ecoles/${SAINTE_RITA}`);
    expect(rows[0]!.textContent).toContain('À examiner');
    expect(rows[0]!.textContent).toMatch(/1\s250\s000\sFCFA/);
    expect(rows[1]!.textContent).toContain('Découverte');

    // « À examiner » is the KYC filter's first choice; choosing it goes into the address.
    const kyc = screen.getByLabelText('KYC') as HTMLSelectElement;
    expect([...kyc.options].map((option) => option.text)).toEqual([
      'Tous',
      'À examiner',
      'À envoyer',
      'Refusé',
      'Validé',
    ]);
    await user.selectOptions(kyc, 'soumis');
    await waitFor(() => expect(currentUrl()).toBe('/operateur?kyc=a-examiner'));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(callsTo(fetchMock, 'GET', '/api/operator/schools').at(-1)?.search).toBe(
      '?page=1&pageSize=20&kyc=soumis',
    );
  });

  it('refuses a KYC document with a reason in a dialog, the reason required', async () => {
    storeOperator();
    const fetchMock = routeFetch(operatorRoutes());
    const { user } = await renderApp(`/operateur/ecoles/${SAINTE_RITA}`);
    await screen.findByRole('heading', { level: 1, name: 'Collège Sainte-Rita' });
    expect(screen.getByText('Autorisation d’ouverture de l’établissement')).toBeTruthy();
    expect(screen.getAllByText('Pas encore envoyé')).toHaveLength(2);
    expect(
      screen.getByRole('button', { name: 'Voir Pièce d’identité du responsable (nouvel onglet)' }),
    ).toBeTruthy();

    const refuseButtons = screen.getAllByRole('button', { name: 'Refuser' });
    await user.click(refuseButtons[1]!);
    const dialog = await screen.findByRole('dialog', {
      name: 'Refuser « Pièce d’identité du responsable »',
    });
    const reason = within(dialog).getByLabelText(/Motif du refus/);
    expect(document.activeElement).toBe(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Refuser le document' }));
    expect(await within(dialog).findByText(/3 caractères au moins/)).toBeTruthy();
    expect(
      bodiesSentTo(
        fetchMock,
        'POST',
        `/api/operator/schools/${SAINTE_RITA}/kyc-documents/${IDENTITY}/review`,
      ),
    ).toEqual([]);

    await user.type(reason, 'Pièce expirée');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser le document' }));
    await waitFor(() =>
      expect(
        bodiesSentTo(
          fetchMock,
          'POST',
          `/api/operator/schools/${SAINTE_RITA}/kyc-documents/${IDENTITY}/review`,
        ),
      ).toEqual([{ decision: 'refuse', reason: 'Pièce expirée' }]),
    );
    expect(
      await screen.findByText(
        '« Pièce d’identité du responsable » refusé : l’école voit le motif.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells a school member the console is not theirs', async () => {
    storeSession();
    routeFetch({});
    await renderApp('/operateur');
    expect(await screen.findByRole('heading', { name: 'Réservé à l’équipe Écolage' })).toBeTruthy();
  });

  it('sends an operator without a school from the admin area to the console', async () => {
    storeOperator();
    routeFetch({ ...operatorRoutes(), 'GET /api/school/branding': () => jsonResponse(403, {}) });
    await renderApp('/admin');
    await screen.findByRole('table', { name: 'Écoles de la plateforme' });
    expect(currentUrl()).toBe('/operateur');
  });

  it('offers « Console opérateur » in the account menu of an operator who is also a school member', async () => {
    storeSession({ platformRole: 'operator' });
    routeFetch(operatorRoutes());
    const { user } = await renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Menu du compte (Ama Mensah)' }));
    await user.click(screen.getByRole('link', { name: 'Console opérateur' }));
    await screen.findByRole('table', { name: 'Écoles de la plateforme' });
    expect(currentUrl()).toBe('/operateur');
    // Their school is a link away.
    expect(screen.getByRole('link', { name: 'Espace école' }).getAttribute('href')).toBe('/admin');
  });

  it('takes an operator without a school from the login page to the console', async () => {
    routeFetch({
      ...operatorRoutes(),
      'POST /api/auth/login': () => ({
        access_token: 'jeton-operateur',
        token_type: 'Bearer',
        expires_in: 900,
        user: {
          id: SAINTE_RITA,
          name: 'Sena Kouévi',
          email: 'operateur@ecolage.tg',
          avatarUrl: null,
        },
        platformRole: 'operator',
        organization: null,
        memberships: [],
      }),
    });
    const { user } = await renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'operateur@ecolage.tg');
    await user.type(screen.getByLabelText('Mot de passe'), 'ecolage-demo');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await screen.findByRole('table', { name: 'Écoles de la plateforme' });
    expect(currentUrl()).toBe('/operateur');
    expect(screen.getByText('Connecté : Sena Kouévi')).toBeTruthy();
    // No way to a school it does not have.
    expect(screen.queryByRole('link', { name: 'Espace école' })).toBeNull();
  });
});
