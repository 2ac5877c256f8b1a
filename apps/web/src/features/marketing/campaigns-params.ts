import type { CampaignChannel, CampaignStatus } from '@ecolage/contracts';
import { readNamed, readPage } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';

/**
 * « Campagnes »' list state in the address, in French like the rest of the screen:
 * `?q=rentree&statut=en-pause&canal=sms&archivees=oui&page=2`. What is not valid is ignored.
 * The shell (marketing-page.tsx) owns `onglet` and `jours`; this tab owns the others.
 */

/** 10 campaigns a page (the contracts' default). */
export const CAMPAIGNS_PAGE_SIZE = 10;

export const CAMPAIGN_STATUS_WORDS: Record<CampaignStatus, string> = {
  active: 'actif',
  completed: 'complete',
  paused: 'en-pause',
  ended: 'terminee',
};

export const CAMPAIGN_CHANNEL_WORDS: Record<CampaignChannel, string> = {
  facebook: 'facebook',
  google_ads: 'google-ads',
  email: 'e-mail',
  sms: 'sms',
  poster: 'affiche',
};

export interface CampaignParams {
  search: string;
  status: CampaignStatus | null;
  channel: CampaignChannel | null;
  /** The archived campaigns instead of the others. */
  archived: boolean;
  page: number;
}

export function readCampaignParams(params: URLSearchParams): CampaignParams {
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    status: readNamed(params, 'statut', CAMPAIGN_STATUS_WORDS),
    channel: readNamed(params, 'canal', CAMPAIGN_CHANNEL_WORDS),
    archived: params.get('archivees') === 'oui',
    page: readPage(params),
  };
}

/** The address patch for `state`: defaults (page 1, no filter) remove their parameter. */
export function campaignParamsPatch(state: Partial<CampaignParams>): ParamsPatch {
  const patch: ParamsPatch = {};
  if ('search' in state) patch.q = state.search?.trim() || null;
  if ('status' in state) patch.statut = state.status ? CAMPAIGN_STATUS_WORDS[state.status] : null;
  if ('channel' in state) {
    patch.canal = state.channel ? CAMPAIGN_CHANNEL_WORDS[state.channel] : null;
  }
  if ('archived' in state) patch.archivees = state.archived ? 'oui' : null;
  if ('page' in state) patch.page = state.page && state.page > 1 ? state.page : null;
  return patch;
}
