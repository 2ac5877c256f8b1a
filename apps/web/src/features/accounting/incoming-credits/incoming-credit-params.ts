import type { IncomingCreditStatus } from '@ecolage/contracts';
import { readNamed, readPage } from '../../../lib/list-params';
import type { ParamsPatch } from '../../../lib/list-params';
import type { IncomingCreditParams } from './incoming-credits.api';

/** The status filter in the address's own words: `?statut=a-affecter`. */
export const STATUS_WORDS: Record<IncomingCreditStatus, string> = {
  to_assign: 'a-affecter',
  matched: 'auto',
  assigned: 'affecte',
  returned: 'rendu',
};

/** The tab's filters from the address (`statut`, `q`, `page`). */
export function readIncomingCreditParams(search: URLSearchParams): IncomingCreditParams {
  return {
    status: readNamed(search, 'statut', STATUS_WORDS),
    q: (search.get('q') ?? '').trim().slice(0, 100),
    page: readPage(search),
  };
}

/** The address patch of a change of filters (any filter change goes back to page 1). */
export function incomingCreditParamsPatch(change: Partial<IncomingCreditParams>): ParamsPatch {
  const patch: ParamsPatch = {};
  if ('status' in change) patch.statut = change.status ? STATUS_WORDS[change.status] : null;
  if ('q' in change) patch.q = change.q || null;
  patch.page = change.page && change.page > 1 ? change.page : null;
  return patch;
}
