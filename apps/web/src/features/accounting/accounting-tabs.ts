import type { Permission } from '@ecolage/contracts';
import type { ParamsPatch } from '../../lib/list-params';

/**
 * The tabs of « Comptabilité », in the address as `?vue=<word>` (the first one has none), each
 * shown to members holding its permission. Every tab keeps its own parameters beside `vue`.
 */
export const ACCOUNTING_TABS = [
  { key: 'settlements', word: null, permission: 'read:accounting' },
  { key: 'payouts', word: 'virements', permission: 'read:accounting' },
  { key: 'reconciliation', word: 'rapprochement', permission: 'reconcile:payments' },
  { key: 'incomingCredits', word: 'a-affecter', permission: 'read:accounting' },
  { key: 'settings', word: 'parametres', permission: 'read:accounting' },
] as const satisfies readonly { key: string; word: string | null; permission: Permission }[];

export type AccountingTab = (typeof ACCOUNTING_TABS)[number]['key'];

/** The tab the address names (an unknown word, or one the member may not open: the first tab). */
export function readAccountingTab(
  params: URLSearchParams,
  allowed: readonly AccountingTab[],
): AccountingTab {
  const word = params.get('vue');
  const tab = ACCOUNTING_TABS.find((one) => one.word === word)?.key ?? 'settlements';
  return allowed.includes(tab) ? tab : 'settlements';
}

/** The address patch that opens `tab`: the other tabs' parameters go. */
export function accountingTabPatch(tab: AccountingTab): ParamsPatch {
  const word = ACCOUNTING_TABS.find((one) => one.key === tab)?.word ?? null;
  return {
    vue: word,
    page: null,
    tri: null,
    ordre: null,
    du: null,
    au: null,
    psp: null,
    statut: null,
    virement: null,
    q: null,
  };
}

/** What every tab receives: the address's parameters and the function that changes them. */
export interface AccountingTabProps {
  search: URLSearchParams;
  update: (patch: ParamsPatch, options?: { replace?: boolean }) => void;
}
