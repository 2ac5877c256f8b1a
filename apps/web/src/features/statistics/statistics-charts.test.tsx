import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routeFetch } from '../../test/api-routes';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';
import { FORECAST, OPTIONS, STATISTICS } from './statistics.test-support';
import { csvText, durationParts } from './statistics-format';

function answer(forecast = FORECAST) {
  routeFetch({
    'GET /api/statistics/options': () => OPTIONS,
    'GET /api/statistics': () => STATISTICS,
    'GET /api/statistics/forecast': () => forecast,
  });
}

/** Text with its no-break spaces as plain ones (French groups digits with U+202F). */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The panel (a section named by its title). */
async function panel(title: string) {
  return within(await screen.findByRole('region', { name: title }));
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('statistiques: each chart has its table, CSV and PNG', () => {
  it('summarises the chart on its canvas and shows the same figures as a table', async () => {
    storeSession();
    answer();
    const { user } = await renderApp('/admin/statistiques');
    const revenue = await panel('Revenus mensuels');
    const canvas = revenue.getByRole('img');
    expect(canvas.tagName).toBe('CANVAS');
    expect(plain(canvas.getAttribute('aria-label'))).toMatch(
      /^Revenus mensuels : 1 250 000 FCFA encaissés sur 2 mois, contre 1 000 000 FCFA un an plus tôt\.$/,
    );

    const toggle = revenue.getByRole('button', { name: 'Voir le tableau' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = revenue.getByRole('table', { name: 'Revenus mensuels' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => [cell.textContent, cell.getAttribute('scope')]);
    expect(headers).toEqual([
      ['Mois', 'col'],
      ['Encaissé', 'col'],
      ['Un an plus tôt', 'col'],
    ]);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('rowheader').textContent).toBe('janv. 2026');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent)),
    ).toEqual(['600 000 FCFA', '450 000 FCFA']);

    const donut = await panel('Ventes par canal');
    expect(plain(donut.getByRole('img').getAttribute('aria-label'))).toContain(
      'Réseaux Sociaux 10 %',
    );
    await user.click(donut.getByRole('button', { name: 'Voir le tableau' }));
    const channels = donut.getByRole('table', { name: 'Ventes par canal' });
    expect(
      within(channels)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Direct', 'Référent', 'Réseaux Sociaux', 'Campagnes', 'Caisse']);
    expect(
      donut.getByRole('button', { name: 'Télécharger « Ventes par canal » en image PNG' }),
    ).toBeTruthy();

    const top = await panel('Programmes les plus performants');
    expect(top.getByText('42 inscrits · Recouvrement : 90 %')).toBeTruthy();
    expect(top.queryByRole('button', { name: /PNG/ })).toBeNull();
  });

  it('downloads the figures as a CSV file (BOM, « ; », French decimals)', async () => {
    storeSession();
    answer();
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:statistiques';
      }),
      revokeObjectURL: vi.fn(),
    });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { user } = await renderApp('/admin/statistiques');
    const donut = await panel('Ventes par canal');
    await user.click(
      donut.getByRole('button', { name: 'Télécharger « Ventes par canal » en CSV' }),
    );
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'ventes-par-canal.csv',
    );
    const bytes = await bytesOf(saved[0]!);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Canal;Montant;Paiements;Part\r\n' +
        'Direct;500000;10;40\r\n' +
        'Référent;250000;5;20\r\n' +
        'Réseaux Sociaux;125000;3;10\r\n' +
        'Campagnes;125000;2;10\r\n' +
        'Caisse;250000;4;20\r\n',
    );
  });
});

describe('statistiques: a chart without any amount', () => {
  it('says so instead of an empty drawing, its table still there', async () => {
    storeSession();
    routeFetch({
      'GET /api/statistics/options': () => OPTIONS,
      'GET /api/statistics': () => ({
        ...STATISTICS,
        salesByChannel: {
          total: 0,
          channels: STATISTICS.salesByChannel.channels.map((row) => ({
            ...row,
            amount: 0,
            payments: 0,
          })),
        },
      }),
      'GET /api/statistics/forecast': () => FORECAST,
    });
    const { user } = await renderApp('/admin/statistiques');
    const donut = await panel('Ventes par canal');
    expect(donut.getByText('Aucun montant sur la période pour ce graphique.')).toBeTruthy();
    expect(donut.queryByRole('img')).toBeNull();
    expect(donut.queryByRole('button', { name: /PNG/ })).toBeNull();
    await user.click(donut.getByRole('button', { name: 'Voir le tableau' }));
    expect(donut.getAllByRole('rowheader')).toHaveLength(5);
  });
});

describe('statistiques: the cash forecast', () => {
  it('shows the range, the precision, and switches from months to weeks', async () => {
    storeSession();
    answer();
    const { user } = await renderApp('/admin/statistiques');
    const forecast = await panel('Prévision de trésorerie');
    expect(forecast.getByText('Précision sur les 6 derniers mois : 87 %')).toBeTruthy();
    expect(forecast.queryByText(/courbe de l’ensemble des écoles/)).toBeNull();
    await user.click(forecast.getByRole('button', { name: 'Voir le tableau' }));
    const table = forecast.getByRole('table', { name: 'Prévision de trésorerie' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => plain(cell.textContent)),
    ).toEqual(['Période', 'Attendu', 'Bas (80 %)', 'Haut (80 %)', 'déjà encaissé']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['nov. 2026', 'déc. 2026']);
    const weekly = forecast.getByRole('button', { name: 'Par semaine' });
    await user.click(weekly);
    expect(weekly.getAttribute('aria-pressed')).toBe('true');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['sem. du 16 nov.', 'sem. du 23 nov.']);
    const current = within(table).getAllByRole('row')[1]!;
    expect(
      within(current)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent)),
    ).toEqual(['300 000 FCFA', '250 000 FCFA', '360 000 FCFA', '120 000 FCFA']);
  });

  it('says when the history is too short and when the curve is every school’s', async () => {
    storeSession();
    answer({ ...FORECAST, basis: 'platform', accuracy: null });
    await renderApp('/admin/statistiques');
    const forecast = await panel('Prévision de trésorerie');
    expect(forecast.getByText('Historique insuffisant pour mesurer la précision')).toBeTruthy();
    expect(
      forecast.getByText(
        'Prévision établie à partir de la courbe de l’ensemble des écoles (historique de l’école insuffisant)',
      ),
    ).toBeTruthy();
  });

  it('says when the curve is a reference one, neither the school nor the platform having history', async () => {
    storeSession();
    answer({ ...FORECAST, basis: 'reference', accuracy: null });
    await renderApp('/admin/statistiques');
    const forecast = await panel('Prévision de trésorerie');
    expect(
      forecast.getByText(
        'Prévision établie à partir d’une courbe de référence (historique insuffisant, sur l’école comme sur la plateforme)',
      ),
    ).toBeTruthy();
    expect(
      forecast.queryByText(
        'Prévision établie à partir de la courbe de l’ensemble des écoles (historique de l’école insuffisant)',
      ),
    ).toBeNull();
  });
});

describe('statistiques: formats', () => {
  it('writes durations and CSV cells as the house does', () => {
    expect(durationParts(125)).toEqual({ minutes: 2, seconds: '05' });
    expect(durationParts(59.6)).toEqual({ minutes: 1, seconds: '00' });
    expect(
      csvText(
        ['Nom', 'Taux'],
        [
          ['=SOMME(A1)', 12.5],
          ['Dupont; fils', null],
        ],
        'fr',
      ),
    ).toBe('\uFEFFNom;Taux\r\n\'=SOMME(A1);12,5\r\n"Dupont; fils";\r\n');
    expect(csvText(['Rate'], [[12.5]], 'en')).toBe('\uFEFFRate\r\n12.5\r\n');
  });
});
