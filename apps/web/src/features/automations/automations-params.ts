import { readNamed, readPage } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';

/**
 * The screen's state in the address, in French like the rest of it:
 * `?vue=messages&statut=echoue&page=2` or `?q=rappel&page=3`. The two tabs share `page`;
 * changing tab starts on page 1 without a filter. What is not valid is ignored.
 */

export const AUTOMATION_TABS = ['workflows', 'messages'] as const;
export type AutomationTab = (typeof AUTOMATION_TABS)[number];

/** The spec's 7 workflows per page; messages 20 per page. */
export const WORKFLOWS_PAGE_SIZE = 7;
export const MESSAGES_PAGE_SIZE = 20;

export const MESSAGE_FILTERS = ['queued', 'sent', 'delivered', 'failed', 'dead'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

const MESSAGE_FILTER_WORDS: Record<MessageFilter, string> = {
  queued: 'en-file',
  sent: 'envoye',
  delivered: 'delivre',
  failed: 'echoue',
  dead: 'abandonne',
};

export interface AutomationParams {
  tab: AutomationTab;
  search: string;
  messageStatus: MessageFilter | null;
  page: number;
}

export function readAutomationParams(params: URLSearchParams): AutomationParams {
  const tab: AutomationTab = params.get('vue') === 'messages' ? 'messages' : 'workflows';
  return {
    tab,
    search: tab === 'workflows' ? (params.get('q') ?? '').trim().slice(0, 100) : '',
    messageStatus: tab === 'messages' ? readNamed(params, 'statut', MESSAGE_FILTER_WORDS) : null,
    page: readPage(params),
  };
}

/** The address patch for `state`: defaults (first tab, page 1, no filter) remove their parameter. */
export function automationParamsPatch(state: Partial<AutomationParams>): ParamsPatch {
  const patch: ParamsPatch = {};
  if ('tab' in state) {
    patch.vue = state.tab === 'messages' ? 'messages' : null;
    patch.q = null;
    patch.statut = null;
    patch.page = null;
  }
  if ('search' in state) patch.q = state.search?.trim() || null;
  if ('messageStatus' in state) {
    patch.statut = state.messageStatus ? MESSAGE_FILTER_WORDS[state.messageStatus] : null;
  }
  if ('page' in state) patch.page = state.page && state.page > 1 ? state.page : null;
  return patch;
}
