import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignChannel,
  CampaignDestination,
  CampaignLink,
  CampaignRequest,
  CampaignStatus,
  MarketingKpis,
} from '@ecolage/contracts';
import { filenameFromDisposition } from '../../lib/download';
import { errorStatus } from '../../lib/error-message';
import { apiDownload, apiRequest, UnexpectedAnswerError } from '../auth/auth-client';

/**
 * Server calls of « Marketing › Campagnes »: the KPI cards, the campaigns (list with search,
 * filters and pages on the server, one, create, change, pause / resume / duplicate / archive,
 * send), their tracking links and QR codes. Every change refreshes what is under
 * `campaignKeys.all` (lists, detail, links, the KPI cards).
 */

export const campaignKeys = {
  all: ['marketing', 'campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (params: CampaignListParams) => [...campaignKeys.lists(), params] as const,
  detail: (id: string) => [...campaignKeys.all, 'detail', id] as const,
  links: (id: string) => [...campaignKeys.all, 'links', id] as const,
  qr: (campaignId: string, linkId: string) =>
    [...campaignKeys.all, 'qr', campaignId, linkId] as const,
  kpis: (days: number) => [...campaignKeys.all, 'kpis', days] as const,
};

export interface CampaignListParams {
  search: string;
  status: CampaignStatus | null;
  channel: CampaignChannel | null;
  archived: boolean;
  page: number;
  pageSize: number;
}

export interface CampaignList {
  items: Campaign[];
  total: number;
  page: number;
  pageSize: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function asCampaign(answer: unknown): Campaign {
  if (!isRecord(answer) || typeof answer.id !== 'string' || typeof answer.status !== 'string') {
    throw new UnexpectedAnswerError();
  }
  return answer as unknown as Campaign;
}

function asLink(answer: unknown): CampaignLink {
  if (!isRecord(answer) || typeof answer.id !== 'string' || typeof answer.shortUrl !== 'string') {
    throw new UnexpectedAnswerError();
  }
  return answer as unknown as CampaignLink;
}

const BASE = '/api/marketing/campaigns';
const path = (id: string, tail = '') =>
  `${BASE}/${encodeURIComponent(id)}${tail ? `/${tail}` : ''}`;

/** `/api/marketing/campaigns?page=2&pageSize=10&archived=false&q=rentrée&status=paused&channel=sms`. */
export function campaignListPath(params: CampaignListParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    archived: params.archived ? 'true' : 'false',
  });
  if (params.search) query.set('q', params.search);
  if (params.status) query.set('status', params.status);
  if (params.channel) query.set('channel', params.channel);
  return `${BASE}?${query.toString()}`;
}

export function useCampaigns(params: CampaignListParams) {
  return useQuery({
    queryKey: campaignKeys.list(params),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(campaignListPath(params), { signal });
      if (!isRecord(answer) || !Array.isArray(answer.items) || typeof answer.total !== 'number') {
        throw new UnexpectedAnswerError();
      }
      return answer as unknown as CampaignList;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * One campaign with its results and delivery figures; while an e-mail or SMS campaign's messages
 * are still queued, asked again every 5 seconds.
 */
export function useCampaign(id: string, enabled = true) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: async ({ signal }) => asCampaign(await apiRequest(path(id), { signal })),
    enabled,
    // Another school's campaign or a wrong id: « introuvable » at once, not after a retry.
    retry: (count, error) => count < 1 && ![400, 403, 404].includes(errorStatus(error) ?? 0),
    refetchInterval: (query) => ((query.state.data?.sending?.queued ?? 0) > 0 ? 5_000 : false),
  });
}

/** `GET /api/marketing/kpis?jours=30`: the four cards against the period before. */
export function useMarketingKpis(days: number) {
  return useQuery({
    queryKey: campaignKeys.kpis(days),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(`/api/marketing/kpis?jours=${days}`, { signal });
      if (!isRecord(answer) || !isRecord(answer.reach) || !isRecord(answer.spend)) {
        throw new UnexpectedAnswerError();
      }
      return answer as unknown as MarketingKpis;
    },
    placeholderData: keepPreviousData,
  });
}

function useCampaignMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export type SaveCampaignInput = { id?: string | undefined; body: CampaignRequest };

/** `POST /api/marketing/campaigns` or `PUT /api/marketing/campaigns/:id`. */
export function useSaveCampaign() {
  return useCampaignMutation(async ({ id, body }: SaveCampaignInput) =>
    asCampaign(await apiRequest(id ? path(id) : BASE, { method: id ? 'PUT' : 'POST', body })),
  );
}

export type CampaignAction = 'pause' | 'resume' | 'duplicate' | 'archive';

/** `POST /api/marketing/campaigns/:id/actions` {action}: the campaign (the copy for duplicate). */
export function useCampaignAction() {
  return useCampaignMutation(async ({ id, action }: { id: string; action: CampaignAction }) =>
    asCampaign(await apiRequest(path(id, 'actions'), { method: 'POST', body: { action } })),
  );
}

/** `POST /api/marketing/campaigns/:id/send`: the e-mail or SMS campaign goes out. */
export function useSendCampaign() {
  return useCampaignMutation(async (id: string) => {
    const answer = await apiRequest(path(id, 'send'), { method: 'POST', body: {} });
    return isRecord(answer) ? answer : {};
  });
}

export function useCampaignLinks(campaignId: string, enabled = true) {
  return useQuery({
    queryKey: campaignKeys.links(campaignId),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(path(campaignId, 'links'), { signal });
      if (!Array.isArray(answer)) throw new UnexpectedAnswerError();
      return answer.map(asLink);
    },
    enabled,
  });
}

/** `POST /api/marketing/campaigns/:id/links` {label, destination}: the new tracking link. */
export function useCreateCampaignLink(campaignId: string) {
  return useCampaignMutation(async (body: { label: string; destination: CampaignDestination }) =>
    asLink(await apiRequest(path(campaignId, 'links'), { method: 'POST', body })),
  );
}

/** Where a link's poster QR code is, as an SVG (shown) or a PNG (to print). */
export function campaignQrPath(campaignId: string, linkId: string, format: 'svg' | 'png'): string {
  return path(campaignId, `links/${encodeURIComponent(linkId)}/qr.${format}`);
}

export interface CampaignQr {
  blob: Blob;
  filename: string;
  /** A data: URL of the SVG, for an <img>. */
  src: string;
}

/** The link's QR code as SVG, fetched with the member's token. */
export function useCampaignQr(campaignId: string, linkId: string | null) {
  return useQuery({
    queryKey: campaignKeys.qr(campaignId, linkId ?? ''),
    queryFn: async ({ signal }): Promise<CampaignQr> => {
      const file = await apiDownload(campaignQrPath(campaignId, linkId ?? '', 'svg'), { signal });
      return {
        blob: file.blob,
        filename: filenameFromDisposition(file.disposition) ?? 'affiche-campagne.svg',
        src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await file.blob.text())}`,
      };
    },
    enabled: linkId !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** Downloads a link's poster (PNG or SVG) as a file. */
export function useCampaignPoster() {
  return useMutation({
    mutationFn: async ({
      campaignId,
      linkId,
      format,
    }: {
      campaignId: string;
      linkId: string;
      format: 'svg' | 'png';
    }) => {
      const file = await apiDownload(campaignQrPath(campaignId, linkId, format));
      return {
        blob: file.blob,
        filename: filenameFromDisposition(file.disposition) ?? `affiche-campagne.${format}`,
      };
    },
  });
}
