import type { Campaign, CampaignLink, MarketingKpis } from '@ecolage/contracts';
import { jsonResponse } from '../../test/fetch-mock';
import type { RouteRequest, Routes } from '../../test/api-routes';

/** Test data of « Marketing › Campagnes »: campaigns, links, KPI cards and a server for them. */

export const campaignId = (index: number) =>
  `5c6d7e8f-0000-4d00-8d00-${String(index).padStart(12, '0')}`;
export const linkId = (index: number) =>
  `6d7e8f90-0000-4d00-8d00-${String(index).padStart(12, '0')}`;

export function campaign(index: number, overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: campaignId(index),
    name: `Campagne ${index}`,
    channel: 'facebook',
    status: 'active',
    paused: false,
    archived: false,
    budget: 150_000,
    spend: 60_000,
    startsOn: '2026-08-01',
    endsOn: '2026-09-30',
    destination: 'pre_registration',
    code: `campagne-${index}`,
    subject: '',
    body: '',
    audience: null,
    results: {
      reach: 1_240,
      clicks: 1_530,
      registrations: 12,
      enrolments: 5,
      revenue: 150_000,
      roi: 2.5,
    },
    sending: null,
    createdAt: '2026-08-01T08:00:00.000Z',
    ...overrides,
  };
}

export const RENTREE = campaign(1, { name: 'Rentrée Facebook' });
export const AFFICHE = campaign(2, {
  name: 'Affiches marché',
  channel: 'poster',
  status: 'paused',
  paused: true,
  spend: 0,
  results: { reach: 0, clicks: 0, registrations: 0, enrolments: 0, revenue: 0, roi: null },
});
export const SMS = campaign(3, {
  name: 'SMS aux parents',
  channel: 'sms',
  status: 'completed',
  budget: 20_000,
  spend: 20_000,
  audience: 'guardians',
  body: 'Inscriptions ouvertes ! {lien}',
});

export const LINK: CampaignLink = {
  id: linkId(1),
  label: 'Publication du 3 septembre',
  destination: 'pre_registration',
  shortUrl: 'https://ecl.tg/s/Ab3xY9Qk',
  targetUrl:
    'https://ecolage.tg/inscription/college-les-flamboyants?utm_source=facebook&utm_medium=social&utm_campaign=campagne-1&utm_content=x',
  clicks: 1_530,
  createdAt: '2026-08-02T08:00:00.000Z',
};

export const KPIS: MarketingKpis = {
  from: '2026-10-23',
  to: '2026-11-21',
  reach: { value: 12_480, previous: 10_000, change: 24.8 },
  conversions: { value: 37, previous: 40, change: -7.5 },
  engagementRate: { value: 61.4, previous: 61.4, change: 0 },
  spend: { value: 250_000, previous: 0, change: null },
};

/** The server's 400 for a campaign whose end comes before its start. */
export const END_BEFORE_START = {
  message: 'Données invalides.',
  code: 'VALIDATION_FAILED',
  issues: [
    {
      path: 'endsOn',
      message: 'La date de fin doit être postérieure ou égale à la date de début.',
    },
  ],
};

/** A server keeping `initial` campaigns: list (filters, pages), create, edit, actions, links. */
export function campaignsRoutes(
  initial: Campaign[] = [RENTREE, AFFICHE, SMS],
  { refuseCreate = null, extra = {} }: { refuseCreate?: unknown; extra?: Routes } = {},
): Routes {
  const items = initial.map((item) => ({ ...item }));
  const links: CampaignLink[] = [];
  const routes: Routes = {
    'GET /api/marketing/kpis': () => KPIS,
    'GET /api/marketing/campaigns': ({ url }: RouteRequest) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const status = url.searchParams.get('status');
      const channel = url.searchParams.get('channel');
      const archived = url.searchParams.get('archived') === 'true';
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      const found = items.filter(
        (item) =>
          item.name.toLowerCase().includes(q) &&
          (!status || item.status === status) &&
          (!channel || item.channel === channel) &&
          item.archived === archived,
      );
      return {
        items: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
      };
    },
    'POST /api/marketing/campaigns': ({ body }: RouteRequest) => {
      if (refuseCreate) return jsonResponse(400, refuseCreate);
      const created = campaign(90, {
        ...(body as Partial<Campaign>),
        results: campaign(0).results,
      });
      items.push(created);
      return jsonResponse(201, created);
    },
  };
  for (const item of items) {
    routes[`GET /api/marketing/campaigns/${item.id}`] = () => item;
    routes[`PUT /api/marketing/campaigns/${item.id}`] = ({ body }: RouteRequest) =>
      Object.assign(item, body as Partial<Campaign>);
    routes[`POST /api/marketing/campaigns/${item.id}/actions`] = ({ body }: RouteRequest) => {
      const { action } = body as { action: string };
      if (action === 'pause') Object.assign(item, { paused: true, status: 'paused' });
      if (action === 'resume') Object.assign(item, { paused: false, status: 'active' });
      if (action === 'archive') Object.assign(item, { archived: true });
      if (action === 'duplicate') {
        const copy = { ...item, id: campaignId(99), name: `${item.name} (copie)` };
        items.push(copy);
        return jsonResponse(201, copy);
      }
      return { ...item };
    };
    routes[`GET /api/marketing/campaigns/${item.id}/links`] = () => links;
    routes[`POST /api/marketing/campaigns/${item.id}/links`] = ({ body }: RouteRequest) => {
      const created = { ...LINK, ...(body as Partial<CampaignLink>), id: linkId(links.length + 1) };
      links.push(created);
      return jsonResponse(201, created);
    };
    routes[`POST /api/marketing/campaigns/${item.id}/send`] = () => {
      const sending = {
        sentAt: '2026-11-21T09:00:00.000Z',
        recipients: 42,
        optedOut: 3,
        queued: 0,
        sent: 42,
        delivered: 40,
        failed: 2,
      };
      item.sending = sending;
      return sending;
    };
  }
  return { ...routes, ...extra };
}
