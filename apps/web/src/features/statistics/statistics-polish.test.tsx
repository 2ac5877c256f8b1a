import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routeFetch } from '../../test/api-routes';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';
import { donutSlices } from './statistics-charts';
import { FORECAST, OPTIONS, STATISTICS } from './statistics.test-support';

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('statistiques: the donut draws only the channels that received money', () => {
  it('leaves the zero slices out, each slice keeping its colour', () => {
    const rows = [
      { channel: 'direct', amount: 0 },
      { channel: 'social', amount: 150_000 },
      { channel: 'desk', amount: 0 },
      { channel: 'campaign', amount: 20_000 },
    ];
    expect(donutSlices(rows, ['a', 'b', 'c', 'd'])).toEqual([
      { row: rows[1], colour: 'b' },
      { row: rows[3], colour: 'd' },
    ]);
    expect(donutSlices([{ amount: 0 }], ['a'])).toEqual([]);
  });

  it('keeps every channel in the table, zero ones included', async () => {
    storeSession();
    const sales = {
      total: 150_000,
      channels: STATISTICS.salesByChannel.channels.map((row, index) => ({
        ...row,
        amount: index === 0 ? 150_000 : 0,
        payments: index === 0 ? 3 : 0,
      })),
    };
    routeFetch({
      'GET /api/statistics/options': () => OPTIONS,
      'GET /api/statistics': () => ({ ...STATISTICS, salesByChannel: sales }),
      'GET /api/statistics/forecast': () => FORECAST,
    });
    const { user } = await renderApp('/admin/statistiques');
    const panel = within(await screen.findByRole('region', { name: 'Ventes par canal' }));
    await user.click(panel.getByRole('button', { name: 'Voir le tableau' }));
    expect(panel.getAllByRole('rowheader')).toHaveLength(sales.channels.length);
  });
});

describe('statistiques: the forecast’s summary', () => {
  it('names the 80 % range for screen readers too', async () => {
    storeSession();
    routeFetch({
      'GET /api/statistics/options': () => OPTIONS,
      'GET /api/statistics': () => STATISTICS,
      'GET /api/statistics/forecast': () => FORECAST,
    });
    await renderApp('/admin/statistiques');
    const forecast = within(await screen.findByRole('region', { name: 'Prévision de trésorerie' }));
    const label = forecast.getByRole('img').getAttribute('aria-label') ?? '';
    expect(label).toContain('fourchette (80\u00A0%)');
  });
});
