import { useTranslation } from 'react-i18next';
import { auditResourceLabel, describeAuditDetails } from '@ecolage/contracts';
import type { AuditCategoryValue, AuditEntryItem } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatDate, formatTime } from '../../lib/format';

export const CATEGORY_TONES: Record<AuditCategoryValue, BadgeTone> = {
  invoice: 'blue',
  payment: 'green',
  export: 'purple',
  user: 'brand',
  refund: 'orange',
  settings: 'grey',
  student: 'teal',
  public: 'yellow',
  system: 'grey',
};

export function CategoryBadge({ category }: { category: AuditCategoryValue }) {
  const { t } = useTranslation();
  return <Badge tone={CATEGORY_TONES[category]}>{t(`audit.categories.${category}`)}</Badge>;
}

/**
 * The action's wording in the reader's language when the app knows the code, else the
 * server's French `actionLabel` (new codes show before the app learns them).
 */
function useActionLabel() {
  const { t, i18n } = useTranslation();
  return (entry: AuditEntryItem) => {
    const key = `audit.actions.${entry.action}`;
    return /^[a-z_]+\.[a-z_]+$/.test(entry.action) && i18n.exists(key)
      ? String(t(key as 'audit.actions.auth.logged_in'))
      : entry.actionLabel;
  };
}

function Details({ entry }: { entry: AuditEntryItem }) {
  const { t, i18n } = useTranslation();
  // Stored keys and codes in the reader's words (« Lien : Mère »), the CSV export's too.
  const lines = describeAuditDetails(entry.details, { language: i18n.language });
  const compact = lines.map((line) => `${line.label} : ${line.text}`).join(' · ');
  if (lines.length === 0 && !entry.userAgent) {
    return <span className="text-slate-500">{t('audit.table.none')}</span>;
  }
  return (
    <details className="min-w-0 max-md:text-right md:max-w-[12rem]">
      <summary className="cursor-pointer truncate rounded text-slate-800 marker:text-brand-700">
        {compact || t('audit.table.more')}
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-left text-xs">
        {lines.map((line) => (
          <div key={line.key} className="contents">
            <dt className="font-semibold text-slate-700">{line.label}</dt>
            <dd className="break-words text-slate-800">{line.text}</dd>
          </div>
        ))}
        {entry.resourceId ? (
          <div className="contents">
            <dt className="font-semibold text-slate-700">{t('audit.table.resource')}</dt>
            <dd className="font-mono break-all text-slate-800">{entry.resourceId}</dd>
          </div>
        ) : null}
        {entry.userAgent ? (
          <div className="contents">
            <dt className="font-semibold text-slate-700">{t('audit.table.userAgent')}</dt>
            <dd className="break-words text-slate-800">{entry.userAgent}</dd>
          </div>
        ) : null}
        <div className="contents">
          <dt className="font-semibold text-slate-700">#</dt>
          <dd className="text-slate-800">{t('audit.table.entry', { id: entry.id })}</dd>
        </div>
      </dl>
    </details>
  );
}

/** The journal's entries: date, who, what, on what, category, details (expandable), IP. */
export function AuditTable({ entries, busy }: { entries: AuditEntryItem[]; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const actionLabel = useActionLabel();
  return (
    <Table
      caption={t('audit.table.caption')}
      layout="stack"
      dense
      minWidth="md:min-w-[52rem]"
      busy={busy}
    >
      <THead>
        <Tr>
          <Th>{t('audit.table.date')}</Th>
          <Th>{t('audit.table.user')}</Th>
          <Th>{t('audit.table.action')}</Th>
          <Th>{t('audit.table.resource')}</Th>
          <Th>{t('audit.table.category')}</Th>
          <Th>{t('audit.table.details')}</Th>
          <Th>{t('audit.table.ip')}</Th>
        </Tr>
      </THead>
      <TBody>
        {entries.map((entry) => (
          <Tr key={entry.id}>
            <Td label={t('audit.table.date')}>
              <time dateTime={entry.createdAt} className="whitespace-nowrap">
                {formatDate(entry.createdAt, i18n.language)}
                <span className="text-slate-600 md:block">
                  <span className="md:hidden">, </span>
                  {formatTime(entry.createdAt, i18n.language)}
                </span>
              </time>
            </Td>
            <Td
              label={t('audit.table.user')}
              className={
                entry.actorType === 'user' ? 'font-medium text-slate-900' : 'text-slate-700 italic'
              }
            >
              {entry.actorLabel}
            </Td>
            <Td label={t('audit.table.action')}>{actionLabel(entry)}</Td>
            <Td label={t('audit.table.resource')}>
              <span className="max-md:text-right">
                {auditResourceLabel(entry.resourceType, i18n.language)}
                {entry.resourceId ? (
                  <span title={entry.resourceId} className="block font-mono text-xs text-slate-600">
                    #{entry.resourceId.slice(0, 8)}
                  </span>
                ) : null}
              </span>
            </Td>
            <Td label={t('audit.table.category')}>
              <CategoryBadge category={entry.category} />
            </Td>
            <Td label={t('audit.table.details')} className="max-md:items-start">
              <Details entry={entry} />
            </Td>
            <Td
              label={t('audit.table.ip')}
              className="font-mono text-xs whitespace-nowrap text-slate-700"
            >
              {entry.ip ?? t('audit.table.none')}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
