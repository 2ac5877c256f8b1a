import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import {
  Activity,
  CreditCard,
  Download,
  FileDown,
  RotateCcw,
  ShieldAlert,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { addFrenchStrings } from '../../i18n/add-strings';
import { audit } from '../../i18n/fr/audit';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { pageCount, useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { useAuditChain, useAuditEntries, useAuditSummary, useExportAudit } from './audit.api';
import type { AuditSummary } from './audit.api';
import {
  AUDIT_PAGE_SIZE,
  CATEGORY_PARAMS,
  DEFAULT_PERIOD,
  FILTER_CATEGORIES,
  PAGE_SIZES,
  PERIODS,
  readAuditParams,
} from './audit-params';
import type { Period } from './audit-params';
import { AuditTable } from './audit-table';

addFrenchStrings(audit);

const PERIOD_KEYS: Record<Period, 'last7' | 'last30' | 'year' | 'all'> = {
  '7j': 'last7',
  '30j': 'last30',
  annee: 'year',
  tout: 'all',
};

const COUNTERS: { key: keyof AuditSummary; icon: LucideIcon }[] = [
  { key: 'actions', icon: Activity },
  { key: 'activeMembers', icon: Users },
  { key: 'exports', icon: FileDown },
  { key: 'payments', icon: CreditCard },
];

/** « Chaîne d'intégrité vérifiée (N entrées) », or a red alert when the chain is broken. */
function ChainStatus() {
  const { t, i18n } = useTranslation();
  const chain = useAuditChain();
  if (chain.isPending) {
    return <p className="text-sm text-slate-600">{t('audit.chain.checking')}</p>;
  }
  if (chain.isError) {
    return <p className="text-sm text-slate-600">{t('audit.chain.unknown')}</p>;
  }
  if (!chain.data.valid) {
    return (
      <div
        role="alert"
        className="flex gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900"
      >
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
        <div>
          <p className="font-semibold">
            {t('audit.chain.broken', { id: chain.data.brokenAtId ?? '?' })}
          </p>
          <p className="text-sm">{t('audit.chain.brokenHint')}</p>
        </div>
      </div>
    );
  }
  const count = chain.data.entries ?? 0;
  return (
    <p className="inline-flex items-center gap-2 text-sm font-medium text-green-800">
      <ShieldCheck aria-hidden="true" className="size-5 text-green-700" />
      {t('audit.chain.valid', { count, entries: formatNumber(count, i18n.language) })}
    </p>
  );
}

function Counters({ from, period }: { from: string | null; period: Period }) {
  const { t, i18n } = useTranslation();
  const summary = useAuditSummary(from);
  return (
    <dl
      aria-label={`${t('audit.counters.label')} : ${t(`audit.period.${PERIOD_KEYS[period]}`)}`}
      aria-busy={summary.isFetching || undefined}
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
    >
      {COUNTERS.map(({ key, icon: Icon }) => (
        <div key={key} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <Icon aria-hidden="true" className="size-4 text-brand-600" />
            {t(`audit.counters.${key}`)}
          </dt>
          <dd className="mt-2 text-2xl font-extrabold text-slate-900 tabular-nums sm:text-3xl">
            {summary.data ? formatNumber(summary.data[key], i18n.language) : '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * « Journal d'audit » (/admin/joumal, read:audit): the counters of a period, the entries of
 * that period filtered by category and search, with pages on the server, the integrity chain's
 * state and, with export:audit, the CSV export of what is filtered. State lives in the address.
 * « Réinitialiser » returns to all categories and, as spec §4 says, keeps the search text (the
 * search box clears itself with its × or Escape); the period is left as chosen.
 */
export function AuditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('audit.title'));
  const session = useSession();
  const canExport = can('export:audit', session);
  const [params, update] = useListParams();
  const state = readAuditParams(params);
  const { period, page, pageSize, ...filters } = state;
  const entries = useAuditEntries({ ...filters, page, pageSize });
  const exporter = useExportAudit();

  const data = entries.data;
  const pages = data ? pageCount(data.total, pageSize) : 1;
  const overshoot = data !== undefined && !entries.isPlaceholderData && page > pages;
  useEffect(() => {
    if (overshoot) update({ page: pages === 1 ? null : pages }, { replace: true });
  }, [overshoot, pages, update]);

  async function exportCsv() {
    if (exporter.isPending) return;
    try {
      await exporter.mutateAsync(filters);
      notify.success(t('audit.export.success'));
    } catch (error) {
      notify.error(errorMessage(error, t, t('audit.export.failure')));
    }
  }

  let body;
  if (entries.isPending) {
    body = <ListState tone="loading" title={t('audit.table.loading')} />;
  } else if (entries.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('audit.table.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void entries.refetch()}
      >
        {errorStatus(entries.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = <ListState title={t('audit.empty.title')}>{t('audit.empty.hint')}</ListState>;
  } else {
    body = <AuditTable entries={data.items} busy={entries.isPlaceholderData} />;
  }

  return (
    <div className="space-y-8">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
            {t('audit.title')}
          </h1>
          <p className="mt-2 max-w-3xl text-base text-slate-700">{t('audit.lead')}</p>
          <div className="mt-3">
            <ChainStatus />
          </div>
        </div>
        {canExport ? (
          <Button
            onClick={() => void exportCsv()}
            disabled={exporter.isPending}
            className="shrink-0 max-sm:w-full"
          >
            <Download aria-hidden="true" className="size-4" />
            {exporter.isPending ? t('audit.export.pending') : t('audit.export.button')}
          </Button>
        ) : null}
      </header>

      <section aria-labelledby="resume-titre" className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="resume-titre" className="text-xl font-bold text-slate-900">
            {t('audit.counters.label')}
          </h2>
          <SelectField
            compact
            label={t('audit.period.label')}
            wrapperClassName="sm:w-56"
            value={period}
            onChange={(event) =>
              update({
                periode: event.target.value === DEFAULT_PERIOD ? null : event.target.value,
                page: null,
              })
            }
            options={PERIODS.map((value) => ({
              value,
              label: t(`audit.period.${PERIOD_KEYS[value]}`),
            }))}
          />
        </div>
        <Counters from={filters.from} period={period} />
      </section>

      <section aria-labelledby="entrees-titre" className="space-y-4">
        <h2 id="entrees-titre" className="sr-only">
          {t('audit.table.caption')}
        </h2>
        <div className="space-y-4">
          <div role="group" aria-labelledby="categorie-titre">
            <p id="categorie-titre" className="mb-1.5 text-sm font-medium text-slate-800">
              {t('audit.filters.category')}
            </p>
            <div className="flex flex-wrap gap-2">
              {[null, ...FILTER_CATEGORIES].map((category) => {
                const active = filters.category === category;
                return (
                  <button
                    key={category ?? 'toutes'}
                    type="button"
                    aria-pressed={active}
                    onClick={() =>
                      update({ categorie: category ? CATEGORY_PARAMS[category] : null, page: null })
                    }
                    className={`min-h-11 rounded-full border px-4 text-sm font-semibold transition-colors ${
                      active
                        ? 'border-brand-600 bg-brand-600 text-white'
                        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
                    }`}
                  >
                    {category ? t(`audit.categories.${category}`) : t('audit.filters.all')}
                  </button>
                );
              })}
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <SearchField
              className="sm:w-80"
              label={t('audit.filters.search')}
              placeholder={t('audit.filters.searchPlaceholder')}
              value={filters.search}
              onSearch={(search) => update({ q: search, page: null }, { replace: true })}
            />
            <Button
              variant="secondary"
              disabled={filters.category === null}
              onClick={() => update({ categorie: null, page: null })}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('audit.filters.reset')}
            </Button>
          </div>
        </div>

        {body}

        {data && data.total > 0 ? (
          <Pager
            page={Math.min(page, pages)}
            pageCount={pages}
            total={data.total}
            pageSize={pageSize}
            onPageChange={(next) => update({ page: next === 1 ? null : next })}
            pageSizes={PAGE_SIZES}
            onPageSizeChange={(size) =>
              update({ taille: size === AUDIT_PAGE_SIZE ? null : size, page: null })
            }
          />
        ) : null}
      </section>
    </div>
  );
}
