import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntryItem } from '@ecolage/contracts';
import { currentUrl, renderApp } from '../../test/render-app';
import { callsTo, routeFetch } from '../../test/api-routes';
import type { RouteRequest, Routes } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { storeSession, withPermissions } from '../../test/session';
import { changeLanguage } from '../../i18n';
import { periodStart } from './audit-params';

const ENTRIES: AuditEntryItem[] = [
  {
    id: 15,
    createdAt: '2026-11-21T14:05:09.000Z',
    actorLabel: 'Ama Mensah',
    actorType: 'user',
    action: 'member.role_changed',
    actionLabel: 'member.role_changed',
    resourceType: 'member',
    resourceId: 'ed2e1cb6-054e-4d24-9cc1-0ce274d0d914',
    category: 'user',
    details: { avant: 'Finance', après: 'Comptabilité' },
    ip: '196.168.10.4',
    userAgent: 'Mozilla/5.0 (Linux; Android 13)',
  },
  {
    id: 14,
    createdAt: '2026-11-20T08:00:00.000Z',
    actorLabel: 'Ama Mensah',
    actorType: 'user',
    action: 'audit.exported',
    actionLabel: 'Journal d’audit exporté',
    resourceType: 'audit',
    resourceId: null,
    category: 'export',
    details: { lignes: 1234 },
    ip: '196.168.10.4',
    userAgent: null,
  },
  {
    id: 3,
    createdAt: '2026-09-01T08:00:00.000Z',
    actorLabel: 'Données de démonstration',
    actorType: 'system',
    action: 'invoice.something_new',
    actionLabel: 'Facture réémise',
    resourceType: 'invoice',
    resourceId: 'ST-2026-0001',
    category: 'invoice',
    details: {},
    ip: null,
    userAgent: null,
  },
];

const SUMMARY = { actions: 1234, activeMembers: 4, exports: 89, payments: 234 };

function auditRoutes(extra: Routes = {}): Routes {
  return {
    'GET /api/audit-entries': ({ url }: RouteRequest) => {
      const category = url.searchParams.get('category');
      const items = ENTRIES.filter((entry) => !category || entry.category === category);
      return { items, total: items.length, page: 1, pageSize: 20 };
    },
    'GET /api/audit-entries/summary': () => SUMMARY,
    'GET /api/audit-entries/verify': () => ({ valid: true, entries: 1234 }),
    ...extra,
  };
}

const table = () => screen.getByRole('table', { name: "Entrées du journal d'audit" });
const categories = () => screen.getByRole('group', { name: 'Catégorie' });

async function openJournal(url = '/admin/joumal') {
  const view = await renderApp(url);
  await screen.findByRole('heading', { level: 1, name: "Journal d'audit" });
  return view;
}

describe('audit journal', () => {
  it('shows the counters of the period in French number format, and can change the period', async () => {
    storeSession();
    const fetchMock = routeFetch(auditRoutes());
    const { user } = await openJournal();
    const value = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(value('Actions')).toBe('1\u202f234'));
    expect(value('Membres actifs')).toBe('4');
    expect(value('Exports')).toBe('89');
    expect(value('Paiements')).toBe('234');

    const period = screen.getByRole('combobox', { name: 'Période' });
    expect(period).toHaveProperty('value', '30j');
    expect(
      callsTo(fetchMock, 'GET', '/api/audit-entries/summary')[0]?.searchParams.get('from'),
    ).toBe(periodStart('30j'));
    await user.selectOptions(period, '7 derniers jours');
    await waitFor(() => expect(currentUrl()).toBe('/admin/joumal?periode=7j'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/audit-entries/summary').at(-1)?.searchParams.get('from'),
      ).toBe(periodStart('7j')),
    );
    // The entries follow the period too.
    expect(callsTo(fetchMock, 'GET', '/api/audit-entries').at(-1)?.searchParams.get('from')).toBe(
      periodStart('7j'),
    );

    await user.selectOptions(period, 'Tout');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/audit-entries/summary').at(-1)?.search).toBe(''),
    );
  });

  it('lists the entries: French date and time, user, action, resource, category, details, IP', async () => {
    storeSession();
    routeFetch(auditRoutes());
    const { user } = await openJournal();
    await screen.findByRole('table', { name: "Entrées du journal d'audit" });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Utilisateur', 'Action', 'Ressource', 'Catégorie', 'Détails', 'IP']);
    const [, first, second, third] = within(table()).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);

    expect(cells(first).slice(0, 5)).toEqual([
      '21 nov. 2026, 14:05',
      'Ama Mensah',
      'Rôle d’un membre modifié',
      'Membre#ed2e1cb6',
      'Utilisateurs',
    ]);
    expect(
      within(first as HTMLElement)
        .getByText('Membre')
        .closest('td')?.dataset.label,
    ).toBe('Ressource');
    expect(cells(first)[6]).toBe('196.168.10.4');
    // Details: compact line, everything when unfolded.
    const summary = within(first as HTMLElement).getByText(
      'Avant : Finance · Après : Comptabilité',
    );
    await user.click(summary);
    expect(within(first as HTMLElement).getByText('Mozilla/5.0 (Linux; Android 13)')).toBeTruthy();

    expect(cells(second)[2]).toBe('Journal d’audit exporté');
    // (Queries compare with whitespace collapsed: the narrow no-break space reads as a space.)
    expect(within(second as HTMLElement).getByText('Lignes : 1 234')).toBeTruthy();
    // An action the app does not know yet: the server's wording.
    expect(cells(third)[2]).toBe('Facture réémise');
    expect(cells(third)[4]).toBe('Factures');
    expect(cells(third)[5]).toBe('—');
    expect(cells(third)[6]).toBe('—');
  });

  it('names stored keys, codes and resources in words, in French and in English', async () => {
    storeSession();
    const closing: AuditEntryItem = {
      ...ENTRIES[2]!,
      id: 16,
      action: 'cash_session.closed',
      resourceType: 'cash_session',
      category: 'payment',
      details: { cashTaken: 50_000, difference: -500, comment: 'Pièce perdue' },
    };
    const link: AuditEntryItem = {
      ...ENTRIES[2]!,
      id: 17,
      action: 'guardian.link_updated',
      resourceType: 'student',
      category: 'student',
      details: { lien: 'mother', statut: 'active', téléphone: '+22891110866' },
    };
    const items = [closing, link];
    routeFetch(
      auditRoutes({
        'GET /api/audit-entries': () => ({ items, total: 2, page: 1, pageSize: 20 }),
      }),
    );
    await openJournal();
    await screen.findByRole('table', { name: "Entrées du journal d'audit" });
    const [, first, second] = within(table()).getAllByRole('row');
    expect(within(first!).getByText('Session de caisse')).toBeTruthy();
    expect(
      within(first!).getByText(
        'Espèces encaissées : 50 000 FCFA · Écart : -500 FCFA · Commentaire : Pièce perdue',
      ),
    ).toBeTruthy();
    expect(
      within(second!).getByText('Lien : Mère · Statut : Actif · Téléphone : +228 91 11 08 66'),
    ).toBeTruthy();
    expect(table().textContent).not.toMatch(/cashTaken|mother|active|cash_session/);

    await changeLanguage('en');
    const english = await screen.findByRole('table', { name: 'Audit log entries' });
    expect(within(english).getByText('Cash session')).toBeTruthy();
    expect(
      within(english).getByText(
        'Relationship : Mother · Status : Active · Phone : +228 91 11 08 66',
      ),
    ).toBeTruthy();
  });

  it('filters by category (in the address) and « Réinitialiser » returns to all, keeping the search', async () => {
    storeSession();
    const fetchMock = routeFetch(auditRoutes());
    const { user } = await openJournal('/admin/joumal?q=ama');
    await screen.findByRole('table', { name: "Entrées du journal d'audit" });
    expect(
      within(categories())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Toutes',
      'Factures',
      'Paiements',
      'Exports',
      'Utilisateurs',
      'Remboursements',
      'Paramètres',
    ]);
    const reset = screen.getByRole('button', { name: 'Réinitialiser' });
    expect(reset).toHaveProperty('disabled', true);

    await user.click(within(categories()).getByRole('button', { name: 'Exports' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/joumal?q=ama&categorie=exports'));
    expect(
      within(categories()).getByRole('button', { name: 'Exports' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    const last = callsTo(fetchMock, 'GET', '/api/audit-entries').at(-1);
    expect(last?.searchParams.get('category')).toBe('export');
    expect(last?.searchParams.get('search')).toBe('ama');

    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/joumal?q=ama'));
    expect(
      within(categories()).getByRole('button', { name: 'Toutes' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByRole('searchbox', { name: 'Rechercher dans le journal' })).toHaveProperty(
      'value',
      'ama',
    );
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
  });

  it('searches as you type, with the search in the address', async () => {
    storeSession();
    const fetchMock = routeFetch(auditRoutes());
    const { user } = await openJournal();
    await user.type(
      screen.getByRole('searchbox', { name: 'Rechercher dans le journal' }),
      'export',
    );
    await waitFor(() => expect(currentUrl()).toBe('/admin/joumal?q=export'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/audit-entries').at(-1)?.searchParams.get('search'),
      ).toBe('export'),
    );
  });

  it('says « Aucune action trouvée » when nothing matches', async () => {
    storeSession();
    routeFetch(
      auditRoutes({
        'GET /api/audit-entries': () => ({ items: [], total: 0, page: 1, pageSize: 20 }),
      }),
    );
    await openJournal('/admin/joumal?categorie=remboursements');
    expect(await screen.findByText('Aucune action trouvée')).toBeTruthy();
    expect(screen.getByText('Essayez de modifier vos filtres ou votre recherche')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pages on the server', async () => {
    storeSession();
    const fetchMock = routeFetch(
      auditRoutes({
        'GET /api/audit-entries': ({ url }) => ({
          items: ENTRIES,
          total: 45,
          page: Number(url.searchParams.get('page')),
          pageSize: 20,
        }),
      }),
    );
    const { user } = await openJournal();
    await screen.findByText('1–20 sur 45');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/joumal?page=2'));
    await screen.findByText('21–40 sur 45');
    expect(callsTo(fetchMock, 'GET', '/api/audit-entries').at(-1)?.searchParams.get('page')).toBe(
      '2',
    );
  });

  it('says the integrity chain is verified, with its number of entries', async () => {
    storeSession();
    routeFetch(auditRoutes());
    await openJournal();
    const line = await screen.findByText("Chaîne d'intégrité vérifiée (1 234 entrées)");
    expect(line.textContent).toBe("Chaîne d'intégrité vérifiée (1\u202f234 entrées)");
  });

  it('raises a red alert when the chain is broken', async () => {
    storeSession();
    routeFetch(
      auditRoutes({
        'GET /api/audit-entries/verify': () => ({ valid: false, brokenAtId: 42 }),
      }),
    );
    await openJournal();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("Chaîne rompue à l'entrée #42")).toBeTruthy();
    expect(alert.className).toContain('bg-red-50');
  });
});

describe('journal access', () => {
  it('is refused to a role without read:audit, without asking the server', async () => {
    storeSession(withPermissions('read:students'));
    const fetchMock = routeFetch(auditRoutes());
    await renderApp('/admin/joumal');
    expect(screen.getByRole('heading', { level: 1, name: 'Accès refusé' })).toBeTruthy();
    // Nothing of the journal (the shell asks only for the school's branding and the bell's items).
    const shell = /^\/api\/(school\/branding|notifications|live\/ticket)\b/;
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked.filter((path) => !shell.test(path))).toEqual([]);
  });
});

describe('CSV export', () => {
  let created: Blob[] = [];
  let clicked: { href: string; download: string }[] = [];

  beforeEach(() => {
    created = [];
    clicked = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:http://localhost/journal';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('downloads the filtered journal as a file, with the bearer token', async () => {
    storeSession();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = routeFetch(
      auditRoutes({
        'GET /api/audit-entries/export': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      }),
    );
    const { user } = await openJournal('/admin/joumal?categorie=exports&q=ama&periode=annee');
    await user.click(screen.getByRole('button', { name: 'Exporter CSV' }));
    expect(await screen.findByRole('button', { name: 'Export en cours…' })).toHaveProperty(
      'disabled',
      true,
    );
    answer(
      new Response('\uFEFFid;date\n14;2026-11-20\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="journal-audit-2026-11-21.csv"',
        },
      }),
    );
    expect(await screen.findByText('Export téléchargé.')).toBeTruthy();

    const [exportUrl] = callsTo(fetchMock, 'GET', '/api/audit-entries/export');
    expect(Object.fromEntries(exportUrl?.searchParams ?? [])).toEqual({
      category: 'export',
      search: 'ama',
      from: periodStart('annee'),
    });
    const init = fetchMock.mock.calls.find(([input]) => String(input).includes('/export'))?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jeton-a');
    expect(created).toHaveLength(1);
    expect(await created[0]?.text()).toContain('14;2026-11-20');
    expect(clicked).toEqual([
      { href: 'blob:http://localhost/journal', download: 'journal-audit-2026-11-21.csv' },
    ]);
    expect(screen.getByRole('button', { name: 'Exporter CSV' })).toHaveProperty('disabled', false);
  });

  it('reports a failed export in a toast', async () => {
    storeSession();
    routeFetch(
      auditRoutes({
        'GET /api/audit-entries/export': () =>
          jsonResponse(403, { message: 'Accès refusé.', code: 'FORBIDDEN' }),
      }),
    );
    const { user } = await openJournal();
    await user.click(screen.getByRole('button', { name: 'Exporter CSV' }));
    expect(await screen.findByText('Accès refusé.')).toBeTruthy();
    expect(clicked).toEqual([]);
  });

  it('is not offered without the export:audit permission', async () => {
    storeSession(withPermissions('read:audit'));
    routeFetch(auditRoutes());
    await openJournal();
    await screen.findByRole('table', { name: "Entrées du journal d'audit" });
    expect(screen.queryByRole('button', { name: 'Exporter CSV' })).toBeNull();
  });
});
