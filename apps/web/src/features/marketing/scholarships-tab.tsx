import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Award, Plus, RotateCcw } from 'lucide-react';
import { scholarshipStatusValues } from '@ecolage/contracts';
import type { Scholarship, ScholarshipStatus } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { addFrenchStrings } from '../../i18n/add-strings';
import { scholarshipsTab as scholarshipStrings } from '../../i18n/fr/scholarships-tab';
import { errorStatus } from '../../lib/error-message';
import { useListPageCount, useListParams } from '../../lib/list-params';
import { can, useSession } from '../auth/session-store';
import { useProgrammes } from '../programmes/programmes.api';
import { ScholarshipDecisionDialog } from './scholarship-decision-dialog';
import { ScholarshipEffectDialog } from './scholarship-effect-dialog';
import { ScholarshipNewDialog } from './scholarship-new-dialog';
import {
  readScholarshipParams,
  scholarshipParamsPatch,
  SCHOLARSHIPS_PAGE_SIZE,
} from './scholarship-params';
import { useScholarships } from './scholarships.api';
import { ScholarshipsTable } from './scholarships-table';
import type { ScholarshipMenuAction } from './scholarships-table';

addFrenchStrings(scholarshipStrings);

type Open =
  | { kind: 'decision'; scholarship: Scholarship; decision: 'granted' | 'refused' }
  | { kind: 'effect'; scholarship: Scholarship }
  | { kind: 'new' }
  | null;

/**
 * « Bourses » tab of « Marketing »: the school's scholarships with search (student, matricule,
 * scholarship), status and programme filters and the page on the server, in the address
 * (`scholarship-params.ts`); « Nouvelle Bourse » (issue:invoices) recommends one; « Accorder » /
 * « Refuser » only to members with grant:scholarships and never to the recommender; « Voir
 * l'effet sur les factures » for each.
 */
export function ScholarshipsTab() {
  const { t } = useTranslation();
  const session = useSession();
  const canRecommend = can('issue:invoices', session);
  const canGrant = can('grant:scholarships', session);
  const userId = session?.user.id;
  const [search, update] = useListParams();
  const params = readScholarshipParams(search);
  const list = useScholarships({ ...params, pageSize: SCHOLARSHIPS_PAGE_SIZE });
  const pages = useListPageCount(list, params.page, SCHOLARSHIPS_PAGE_SIZE, update);
  const programmes = useProgrammes();
  const [open, setOpen] = useState<Open>(null);
  const data = list.data;
  const filtered = Boolean(params.search || params.status || params.programmeId);

  function onAction(action: ScholarshipMenuAction, scholarship: Scholarship) {
    if (action === 'effect') setOpen({ kind: 'effect', scholarship });
    else {
      setOpen({
        kind: 'decision',
        scholarship,
        decision: action === 'grant' ? 'granted' : 'refused',
      });
    }
  }

  let body;
  if (list.isPending) {
    body = <ListState tone="loading" title={t('scholarshipsTab.table.loading')} />;
  } else if (list.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('scholarshipsTab.table.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void list.refetch()}
      >
        {errorStatus(list.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = filtered ? (
      <ListState title={t('scholarshipsTab.table.emptyFilteredTitle')}>
        {t('scholarshipsTab.table.emptyFilteredHint')}
      </ListState>
    ) : (
      <div
        role="status"
        className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Award aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-4 text-base font-semibold text-slate-900">
          {t('scholarshipsTab.table.emptyTitle')}
        </p>
        <p className="mt-1 max-w-xl text-sm text-slate-700">
          {t('scholarshipsTab.table.emptyHint')}
        </p>
      </div>
    );
  } else {
    body = (
      <ScholarshipsTable
        scholarships={data.items}
        busy={list.isPlaceholderData}
        canGrant={canGrant}
        userId={userId}
        onAction={onAction}
      />
    );
  }

  return (
    <div className="space-y-4 pt-2">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
          <SearchField
            className="sm:col-span-2 lg:w-80"
            label={t('scholarshipsTab.search')}
            placeholder={t('scholarshipsTab.searchPlaceholder')}
            value={params.search}
            onSearch={(next) =>
              update(scholarshipParamsPatch({ search: next, page: 1 }), { replace: true })
            }
          />
          <SelectField
            compact
            wrapperClassName="lg:w-44"
            label={t('scholarshipsTab.filters.status')}
            placeholder={t('scholarshipsTab.filters.statusAll')}
            value={params.status ?? ''}
            onChange={(event) =>
              update(
                scholarshipParamsPatch({
                  status: (event.target.value || null) as ScholarshipStatus | null,
                  page: 1,
                }),
              )
            }
            options={scholarshipStatusValues.map((value) => ({
              value,
              label: t(`scholarshipsTab.statuses.${value}`),
            }))}
          />
          <SelectField
            compact
            wrapperClassName="lg:w-56"
            label={t('scholarshipsTab.filters.programme')}
            placeholder={t('scholarshipsTab.filters.programmeAll')}
            value={params.programmeId ?? ''}
            onChange={(event) =>
              update(scholarshipParamsPatch({ programmeId: event.target.value || null, page: 1 }))
            }
            options={(programmes.data ?? []).map((programme) => ({
              value: programme.id,
              label: programme.name,
            }))}
          />
          {filtered ? (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() =>
                update(
                  scholarshipParamsPatch({ search: '', status: null, programmeId: null, page: 1 }),
                )
              }
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('scholarshipsTab.filters.reset')}
            </Button>
          ) : null}
        </div>
        {canRecommend ? (
          <Button onClick={() => setOpen({ kind: 'new' })} className="shrink-0 max-sm:w-full">
            <Plus aria-hidden="true" className="size-4" />
            {t('scholarshipsTab.create')}
          </Button>
        ) : null}
      </div>

      {body}
      {data && data.total > 0 ? (
        <Pager
          page={Math.min(params.page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={SCHOLARSHIPS_PAGE_SIZE}
          onPageChange={(next) => update(scholarshipParamsPatch({ page: next }))}
        />
      ) : null}

      {open?.kind === 'new' ? <ScholarshipNewDialog onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'decision' ? (
        <ScholarshipDecisionDialog
          scholarship={open.scholarship}
          decision={open.decision}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'effect' ? (
        <ScholarshipEffectDialog scholarship={open.scholarship} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
