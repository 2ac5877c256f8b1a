import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select';
import { readDay } from '../../payments/payment-params';
import { hasSettlementFilters, PROVIDER_CHOICES, STATUS_CHOICES } from './settlement-params';
import type { SettlementFilters, SettlementParams } from './settlement-params';
import { usePayoutChoices } from './settlements.api';

type Change = (state: Partial<SettlementParams>, replace?: boolean) => void;

/**
 * The lines' filters: a period (« Du », « Au »: school days, inclusive), the operator (or the
 * cash desk), the status, the payout and a student's name. Each change goes to the address and
 * back to page 1; « Effacer les filtres » when any is on.
 */
export function SettlementFilterBar({
  filters,
  onChange,
}: {
  filters: SettlementFilters;
  onChange: Change;
}) {
  const { t } = useTranslation();
  const payouts = usePayoutChoices();
  const listed = payouts.data ?? [];
  const payoutOptions = listed.map((payout) => ({
    value: payout.id,
    label: payout.transferId ? `${payout.reference} · ${payout.transferId}` : payout.reference,
  }));
  if (filters.payoutId && !listed.some((payout) => payout.id === filters.payoutId)) {
    // Chosen by a link (a payout's page) and not among the latest: still shown, still removable.
    payoutOptions.unshift({
      value: filters.payoutId,
      label: t('accountingSettlements.filters.payoutUnlisted'),
    });
  }

  return (
    <div className="space-y-3">
      <div
        role="group"
        aria-label={t('accountingSettlements.filters.label')}
        // The student's field wider: its placeholder whole at 1366 px (the selects say « Tous »).
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[minmax(0,1.5fr)_repeat(2,minmax(0,1.1fr))_repeat(3,minmax(0,1fr))] xl:items-start"
      >
        <SearchField
          label={t('accountingSettlements.filters.student')}
          placeholder={t('accountingSettlements.filters.studentPlaceholder')}
          value={filters.search}
          onSearch={(search) => onChange({ search, page: 1 }, true)}
        />
        <PeriodFields from={filters.from} to={filters.to} onChange={onChange} />
        <SelectField
          compact
          label={t('accountingSettlements.filters.provider')}
          value={filters.provider ?? ''}
          placeholder={t('accountingSettlements.filters.providerAll')}
          onChange={(event) =>
            onChange({
              provider: PROVIDER_CHOICES.find((value) => value === event.target.value) ?? null,
              page: 1,
            })
          }
          options={PROVIDER_CHOICES.map((value) => ({
            value,
            label: t(`accountingSettlements.providers.${value}`),
          }))}
        />
        <SelectField
          compact
          label={t('accountingSettlements.filters.status')}
          value={filters.status ?? ''}
          placeholder={t('accountingSettlements.filters.statusAll')}
          onChange={(event) =>
            onChange({
              status: STATUS_CHOICES.find((value) => value === event.target.value) ?? null,
              page: 1,
            })
          }
          options={STATUS_CHOICES.map((value) => ({
            value,
            label: t(`accountingSettlements.status.${value}`),
          }))}
        />
        <SelectField
          compact
          label={t('accountingSettlements.filters.payout')}
          value={filters.payoutId ?? ''}
          placeholder={t('accountingSettlements.filters.payoutAll')}
          onChange={(event) => onChange({ payoutId: event.target.value || null, page: 1 })}
          options={payoutOptions}
        />
      </div>
      {hasSettlementFilters(filters) ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() =>
            onChange({
              from: null,
              to: null,
              provider: null,
              status: null,
              payoutId: null,
              search: '',
              page: 1,
            })
          }
        >
          {t('accountingSettlements.filters.reset')}
        </Button>
      ) : null}
    </div>
  );
}

/** « Du » and « Au »: a start after the end is not sent (the server would refuse it); said why. */
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
    if ((next.from && !nextFrom) || (next.to && !nextTo)) return;
    const backwards = nextFrom !== null && nextTo !== null && nextFrom > nextTo;
    setInverted(backwards);
    if (!backwards) onChange({ from: nextFrom, to: nextTo, page: 1 });
  }

  return (
    <>
      <InputField
        type="date"
        name="du"
        label={t('accountingSettlements.filters.from')}
        value={draft.from}
        max={draft.to || undefined}
        onChange={(event) => change('from', event.target.value)}
      />
      <InputField
        type="date"
        name="au"
        label={t('accountingSettlements.filters.to')}
        value={draft.to}
        min={draft.from || undefined}
        onChange={(event) => change('to', event.target.value)}
        error={inverted ? t('accountingSettlements.filters.rangeInverted') : undefined}
      />
    </>
  );
}
