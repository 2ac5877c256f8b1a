import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OperatorSchoolItem } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { formatDate } from '../../lib/format';
import { useListPageCount, useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KycBadge } from './operator-badges';
import { useOperatorSchools } from './operator.api';
import {
  kycFilterOrder,
  planValues,
  readSchoolParams,
  SCHOOLS_PAGE_SIZE,
  schoolParamsPatch,
} from './operator-params';
import type { SchoolListParams } from './operator-params';
import { operatorPaths } from './operator-paths';

/**
 * « Écoles »: every school of the platform, newest first, in pages; search by name, address or
 * city; filters (KYC « À examiner » first, plan, status) kept in the address.
 */
export function SchoolsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('operator.schools.title'));
  const [params, update] = useListParams();
  const list = readSchoolParams(params);
  const schools = useOperatorSchools(list);
  const change = (state: Partial<SchoolListParams>) => update(schoolParamsPatch(state));
  const pages = useListPageCount(schools, list.page, SCHOOLS_PAGE_SIZE, update);
  const all = t('operator.schools.all');

  const data = schools.data;
  let body;
  if (schools.isPending) {
    body = <ListState tone="loading" title={t('operator.schools.loading')} />;
  } else if (schools.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('operator.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void schools.refetch()}
      />
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <ListState title={t('operator.schools.empty')}>{t('operator.schools.emptyHint')}</ListState>
    );
  } else {
    body = (
      <>
        <SchoolsTable schools={data.items} busy={schools.isPlaceholderData} />
        <Pager
          page={list.page}
          pageCount={pages}
          total={data.total}
          pageSize={SCHOOLS_PAGE_SIZE}
          onPageChange={(page) => change({ page })}
        />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {t('operator.schools.title')}
        </h1>
        <p className="mt-2 max-w-3xl text-base text-slate-700">{t('operator.schools.lead')}</p>
      </header>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <SearchField
          label={t('operator.schools.search')}
          placeholder={t('operator.schools.searchPlaceholder')}
          value={list.q}
          onSearch={(q) => change({ q })}
        />
        <SelectField
          compact
          label={t('operator.schools.kycFilter')}
          value={list.kyc ?? ''}
          onChange={(event) =>
            change({ kyc: (event.target.value || null) as SchoolListParams['kyc'] })
          }
          options={[
            { value: '', label: all },
            ...kycFilterOrder.map((status) => ({
              value: status,
              label: t(`operator.kyc.${status}`),
            })),
          ]}
        />
        <SelectField
          compact
          label={t('operator.schools.planFilter')}
          value={list.plan ?? ''}
          onChange={(event) =>
            change({ plan: (event.target.value || null) as SchoolListParams['plan'] })
          }
          options={[
            { value: '', label: all },
            ...planValues.map((plan) => ({ value: plan, label: t(`operator.plan.${plan}`) })),
          ]}
        />
        <SelectField
          compact
          label={t('operator.schools.statusFilter')}
          value={list.status ?? ''}
          onChange={(event) =>
            change({ status: (event.target.value || null) as SchoolListParams['status'] })
          }
          options={[
            { value: '', label: all },
            { value: 'active', label: t('operator.status.active') },
            { value: 'archived', label: t('operator.status.archived') },
          ]}
        />
      </div>
      <section aria-label={t('operator.schools.caption')} className="space-y-4">
        {body}
      </section>
    </div>
  );
}

export function SchoolsTable({
  schools,
  busy = false,
}: {
  schools: OperatorSchoolItem[];
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, i18n.language);
  return (
    <Table caption={t('operator.schools.caption')} minWidth="min-w-[64rem]" busy={busy} dense>
      <THead>
        <Tr>
          <Th>{t('operator.schools.columns.school')}</Th>
          <Th>{t('operator.schools.columns.city')}</Th>
          <Th>{t('operator.schools.columns.plan')}</Th>
          <Th>{t('operator.schools.columns.status')}</Th>
          <Th>{t('operator.schools.columns.kyc')}</Th>
          <Th className="text-right">{t('operator.schools.columns.members')}</Th>
          <Th className="text-right">{t('operator.schools.columns.month')}</Th>
          <Th className="text-right">{t('operator.schools.columns.year')}</Th>
          <Th>{t('operator.schools.columns.createdAt')}</Th>
        </Tr>
      </THead>
      <TBody>
        {schools.map((school) => (
          <Tr key={school.id}>
            <Td>
              <Link
                to={operatorPaths.school(school.id)}
                className="font-semibold text-brand-700 hover:underline"
              >
                {school.name}
              </Link>
              <span className="block text-xs text-slate-600">{school.slug}</span>
            </Td>
            <Td>{[school.city, school.country].filter(Boolean).join(', ')}</Td>
            <Td>
              {t(`operator.plan.${school.plan}`)}
              <span className="block text-xs text-slate-600">
                {t('operator.schools.since', { date: formatDate(school.planSince, i18n.language) })}
              </span>
            </Td>
            <Td>
              <Badge tone={school.status === 'active' ? 'green' : 'grey'}>
                {t(`operator.status.${school.status}`)}
              </Badge>
            </Td>
            <Td>
              <KycBadge status={school.kycStatus} />
            </Td>
            <Td className="text-right tabular-nums">{school.membersCount}</Td>
            <Td className="text-right tabular-nums">{money(school.collectedThisMonth)}</Td>
            <Td className="text-right tabular-nums">{money(school.collectedThisYear)}</Td>
            <Td>{formatDate(school.createdAt, i18n.language)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
