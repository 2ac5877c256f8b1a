import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashSessionStatusValue } from '@ecolage/contracts';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { errorStatus } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { readNamed, readPage, useListPageCount, useListParams } from '../../lib/list-params';
import { CASH_SESSIONS_PAGE_SIZE, useCashSessions } from './cash-desk.api';
import { DifferenceBadge, SessionStatusBadge } from './cash-desk-ui';
import { SessionReportButton } from './session-summary';

/** The list's state in the address: `?statut=ouvertes|cloturees&page=2`. */
const STATUS_PARAM = 'statut';
const STATUS_NAMES: Record<CashSessionStatusValue, string> = {
  open: 'ouvertes',
  closed: 'cloturees',
};

const FILTERS = [null, 'open', 'closed'] as const;

/**
 * The cash sessions, newest first by pages of 10: every cashier's for a supervisor (Directeur,
 * Finance), with the cashier's name; a cashier's own past sessions otherwise (the server decides
 * which). Each with its float, expected and counted cash, the difference (missing money in red)
 * and its brouillard de caisse.
 */
export function CashSessionsList({ supervisor }: { supervisor: boolean }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const titleId = useId();
  const filterId = useId();
  const [params, update] = useListParams();
  const status = readNamed(params, STATUS_PARAM, STATUS_NAMES);
  const page = readPage(params);
  const sessions = useCashSessions(status, page);
  const data = sessions.data;
  const pages = useListPageCount(sessions, page, CASH_SESSIONS_PAGE_SIZE, update);

  const none = t('cashDesk.list.none');
  let body;
  if (sessions.isPending) {
    body = <ListState tone="loading" title={t('cashDesk.list.loading')} />;
  } else if (sessions.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('cashDesk.list.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void sessions.refetch()}
      >
        {errorStatus(sessions.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = <ListState title={t('cashDesk.list.empty')}>{t('cashDesk.list.emptyHint')}</ListState>;
  } else {
    body = (
      <Table
        caption={t('cashDesk.list.caption')}
        minWidth="min-w-[64rem]"
        busy={sessions.isPlaceholderData}
        dense
      >
        <THead>
          <Tr>
            {supervisor ? <Th>{t('cashDesk.list.cashier')}</Th> : null}
            <Th>{t('cashDesk.list.openedAt')}</Th>
            <Th>{t('cashDesk.list.closedAt')}</Th>
            <Th className="text-right">{t('cashDesk.list.float')}</Th>
            <Th className="text-right">{t('cashDesk.list.expected')}</Th>
            <Th className="text-right">{t('cashDesk.list.counted')}</Th>
            <Th className="text-right">{t('cashDesk.list.difference')}</Th>
            <Th>{t('cashDesk.list.status')}</Th>
            <Th>{t('cashDesk.list.report')}</Th>
          </Tr>
        </THead>
        <TBody>
          {data.items.map((session) => (
            <Tr key={session.id}>
              {supervisor ? (
                <Td className="font-semibold text-slate-900">{session.cashierName}</Td>
              ) : null}
              <Td className="whitespace-nowrap">
                <time dateTime={session.openedAt}>
                  {formatDateTime(session.openedAt, language)}
                </time>
              </Td>
              <Td className="whitespace-nowrap">
                {session.closedAt ? (
                  <time dateTime={session.closedAt}>
                    {formatDateTime(session.closedAt, language)}
                  </time>
                ) : (
                  none
                )}
              </Td>
              <Td className="text-right whitespace-nowrap tabular-nums">
                {formatMoney(session.openingFloat, language)}
              </Td>
              <Td className="text-right whitespace-nowrap tabular-nums">
                {formatMoney(session.expectedCash, language)}
              </Td>
              <Td className="text-right whitespace-nowrap tabular-nums">
                {session.countedCash === null ? none : formatMoney(session.countedCash, language)}
              </Td>
              <Td className="text-right">
                {session.difference === null ? (
                  none
                ) : (
                  <DifferenceBadge difference={session.difference} />
                )}
                {session.closingComment ? (
                  <span className="mt-1 block max-w-56 text-left text-xs text-slate-600 md:ml-auto">
                    {session.closingComment}
                  </span>
                ) : null}
              </Td>
              <Td>
                <SessionStatusBadge status={session.status} />
              </Td>
              <Td>
                <SessionReportButton
                  session={session}
                  size="sm"
                  label={t('cashDesk.list.reportShort')}
                  ariaLabel={t('cashDesk.list.reportLabel', {
                    cashier: session.cashierName,
                    date: formatDateTime(session.openedAt, language),
                  })}
                />
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    );
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {supervisor ? t('cashDesk.list.title') : t('cashDesk.list.ownTitle')}
      </h2>
      <div role="group" aria-labelledby={filterId}>
        <p id={filterId} className="mb-1.5 text-sm font-medium text-slate-800">
          {t('cashDesk.list.filter')}
        </p>
        <div className="flex flex-wrap gap-2">
          {FILTERS.map((value) => {
            const active = status === value;
            return (
              <button
                key={value ?? 'all'}
                type="button"
                aria-pressed={active}
                onClick={() =>
                  update({ [STATUS_PARAM]: value ? STATUS_NAMES[value] : null, page: null })
                }
                className={`min-h-11 rounded-full border px-4 text-sm font-semibold transition-colors ${
                  active
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
                }`}
              >
                {t(`cashDesk.list.${value ?? 'all'}`)}
              </button>
            );
          })}
        </div>
      </div>
      {body}
      {data && data.total > 0 ? (
        <Pager
          page={Math.min(page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={CASH_SESSIONS_PAGE_SIZE}
          onPageChange={(next) => update({ page: next === 1 ? null : next })}
        />
      ) : null}
    </section>
  );
}
