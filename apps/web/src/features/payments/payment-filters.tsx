import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { InputField } from '../../components/ui/field';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { hasFilters, PSP_CHOICES, readDay, STATUS_CHOICES } from './payment-params';
import type { PaymentFilters, PaymentListParams } from './payment-params';

type Change = (state: Partial<PaymentListParams>, replace?: boolean) => void;

/**
 * The list's filters: status, PSP (what its column shows: the wallet paid with online, or the cash
 * desk), a period (two days, inclusive) and a
 * student (name, matricule or invoice number, searched as you type). Each change goes to the
 * address and back to page 1; « Effacer les filtres » when any is on.
 */
export function PaymentFilterBar({
  filters,
  studentName,
  onChange,
}: {
  filters: PaymentFilters;
  /** The name of the student of `?etudiant=` when a row shows it, else null. */
  studentName: string | null;
  onChange: Change;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <div
        role="group"
        aria-label={t('payments.filters.label')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,1.4fr)_repeat(2,minmax(10rem,1fr))_repeat(2,minmax(9.5rem,auto))] lg:items-start"
      >
        <SearchField
          label={t('payments.filters.student')}
          placeholder={t('payments.filters.studentPlaceholder')}
          value={filters.search}
          onSearch={(search) => onChange({ search, page: 1 }, true)}
          className="sm:col-span-2 lg:col-span-1"
        />
        <SelectField
          compact
          label={t('payments.filters.status')}
          value={filters.status ?? ''}
          placeholder={t('payments.filters.statusAll')}
          onChange={(event) =>
            onChange({
              status: STATUS_CHOICES.find((status) => status === event.target.value) ?? null,
              page: 1,
            })
          }
          options={STATUS_CHOICES.map((status) => ({
            value: status,
            label: t(`payments.status.${status}`),
          }))}
        />
        <SelectField
          compact
          label={t('payments.filters.provider')}
          value={filters.psp ?? ''}
          placeholder={t('payments.filters.providerAll')}
          onChange={(event) =>
            onChange({
              psp: PSP_CHOICES.find((psp) => psp === event.target.value) ?? null,
              page: 1,
            })
          }
          options={PSP_CHOICES.map((psp) => ({
            value: psp,
            label: psp === 'desk' ? t('payments.providers.desk') : t(`payments.wallets.${psp}`),
          }))}
        />
        <PeriodFields from={filters.from} to={filters.to} onChange={onChange} />
      </div>
      {hasFilters(filters) ? (
        <div className="flex flex-wrap items-center gap-2">
          {filters.studentId ? (
            <span className="inline-flex min-h-11 items-center gap-1 rounded-full border border-slate-300 bg-white pl-4 text-sm text-slate-800">
              {studentName
                ? t('payments.filters.oneStudent', { name: studentName })
                : t('payments.filters.someStudent')}
              <button
                type="button"
                onClick={() => onChange({ studentId: null, page: 1 })}
                className="inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
              >
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('payments.filters.removeStudent')}</span>
              </button>
            </span>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              onChange({
                status: null,
                psp: null,
                from: null,
                to: null,
                search: '',
                studentId: null,
                page: 1,
              })
            }
          >
            {t('payments.filters.reset')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * « Du » and « Au »: days of the school's calendar. A start after the end is not sent to the
 * server (it would refuse it): the fields keep what was typed and say why.
 */
function PeriodFields({
  from,
  to,
  onChange,
}: {
  from: string | null;
  to: string | null;
  onChange: Change;
}) {
  const { t } = useTranslation();
  const applied = `${from ?? ''}|${to ?? ''}`;
  const [seen, setSeen] = useState(applied);
  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });
  const [inverted, setInverted] = useState(false);
  if (applied !== seen) {
    // Changed from elsewhere (a reset, the Back button): the fields follow.
    setSeen(applied);
    setDraft({ from: from ?? '', to: to ?? '' });
    setInverted(false);
  }

  function change(field: 'from' | 'to', value: string) {
    const next = { ...draft, [field]: value };
    setDraft(next);
    const nextFrom = readDay(next.from);
    const nextTo = readDay(next.to);
    // A day being typed (not complete yet) waits.
    if ((next.from && !nextFrom) || (next.to && !nextTo)) return;
    const backwards = nextFrom !== null && nextTo !== null && nextFrom > nextTo;
    setInverted(backwards);
    if (!backwards) onChange({ from: nextFrom, to: nextTo, page: 1 });
  }

  const error = inverted ? t('payments.filters.rangeInverted') : undefined;
  return (
    <>
      <InputField
        type="date"
        name="from"
        label={t('payments.filters.from')}
        value={draft.from}
        max={draft.to || undefined}
        onChange={(event) => change('from', event.target.value)}
      />
      <InputField
        type="date"
        name="to"
        label={t('payments.filters.to')}
        value={draft.to}
        min={draft.from || undefined}
        onChange={(event) => change('to', event.target.value)}
        error={error}
      />
    </>
  );
}
