import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, RotateCcw } from 'lucide-react';
import type { ExportFormat } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select';
import { BALANCE_FILTERS } from './student-params';
import type { BalanceFilter, StudentFilters } from './student-params';
import { useAcademicYears, useProgrammeOptions } from './students.api';

type PanelFilters = Pick<StudentFilters, 'programmeId' | 'levelId' | 'yearId' | 'balance'>;

/**
 * « Filtrer »'s panel: programme, a level of that programme, the school year (the current one
 * by default) and the balance. Each choice applies at once (it goes into the address).
 */
export function StudentFilterPanel({
  id,
  filters,
  onChange,
}: {
  id: string;
  filters: StudentFilters;
  onChange: (change: Partial<PanelFilters>) => void;
}) {
  const { t } = useTranslation();
  const programmes = useProgrammeOptions();
  const years = useAcademicYears();
  const programme = programmes.data?.find((item) => item.id === filters.programmeId);
  const mark = (label: string, archived: boolean) =>
    archived ? t('students.filters.archivedMark', { label }) : label;
  const active = [filters.programmeId, filters.levelId, filters.yearId, filters.balance].some(
    Boolean,
  );

  return (
    <section
      id={id}
      aria-label={t('students.filters.title')}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          compact
          label={t('students.filters.programme')}
          value={filters.programmeId ?? ''}
          placeholder={t('students.filters.programmeAll')}
          disabled={programmes.isError}
          hint={programmes.isError ? t('students.filters.unavailable') : undefined}
          onChange={(event) => onChange({ programmeId: event.target.value || null, levelId: null })}
          options={(programmes.data ?? []).map((item) => ({
            value: item.id,
            label: mark(item.name, item.archived),
          }))}
        />
        <SelectField
          compact
          label={t('students.filters.level')}
          value={filters.levelId ?? ''}
          placeholder={t('students.filters.levelAll')}
          disabled={!programme}
          hint={programme ? undefined : t('students.filters.levelHint')}
          onChange={(event) => onChange({ levelId: event.target.value || null })}
          options={(programme?.levels ?? []).map((level) => ({
            value: level.id,
            label: mark(level.name, level.archived),
          }))}
        />
        <SelectField
          compact
          label={t('students.filters.year')}
          value={filters.yearId ?? ''}
          placeholder={t('students.filters.yearCurrent')}
          disabled={years.isError}
          hint={years.isError ? t('students.filters.unavailable') : undefined}
          onChange={(event) => onChange({ yearId: event.target.value || null })}
          options={(years.data ?? []).map((year) => ({
            value: year.id,
            label: year.current
              ? t('students.filters.currentMark', { label: year.label })
              : year.label,
          }))}
        />
        <SelectField
          compact
          label={t('students.filters.balance')}
          value={filters.balance ?? ''}
          placeholder={t('students.filters.balanceAll')}
          onChange={(event) =>
            onChange({ balance: (event.target.value || null) as BalanceFilter | null })
          }
          options={BALANCE_FILTERS.map((value) => ({
            value,
            label: t(`students.filters.balanceOptions.${value}`),
          }))}
        />
      </div>
      <div className="mt-4 flex justify-end">
        <Button
          variant="ghost"
          size="sm"
          disabled={!active}
          onClick={() =>
            onChange({ programmeId: null, levelId: null, yearId: null, balance: null })
          }
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('students.filters.reset')}
        </Button>
      </div>
    </section>
  );
}

const CHOICES: ExportChoice[] = [
  { kind: 'students', format: 'csv' },
  { kind: 'students', format: 'xlsx' },
  { kind: 'balances', format: 'csv' },
  { kind: 'balances', format: 'xlsx' },
];

/**
 * « Exporter »: an icon button opening a small menu, CSV or Excel. Arrow keys move between the
 * two, Escape closes and gives the focus back to the button, as a menu button does.
 */
/** What the export menu offers: the students list and, for who may read invoices, the ageing of balances. */
export type ExportChoice = { kind: 'students' | 'balances'; format: ExportFormat };

export function ExportMenu({
  pending,
  withBalances,
  onExport,
}: {
  pending: boolean;
  withBalances: boolean;
  onExport: (choice: ExportChoice) => void;
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = items.findIndex((item) => item === document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div ref={wrapperRef} className="relative">
      <Button
        ref={buttonRef}
        variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={t('students.toolbar.export')}
        disabled={pending}
        onClick={() => setOpen((current) => !current)}
        className="min-w-11 px-3"
      >
        <Download aria-hidden="true" className="size-4" />
        <span className="sr-only">
          {pending ? t('students.toolbar.exporting') : t('students.toolbar.export')}
        </span>
      </Button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t('students.toolbar.export')}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          {CHOICES.filter((choice) => withBalances || choice.kind === 'students').map(
            (choice, index) => (
              <button
                key={`${choice.kind}-${choice.format}`}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
                  onExport(choice);
                }}
                className="flex min-h-11 w-full items-center rounded-lg px-3 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus:bg-slate-100"
              >
                {choice.kind === 'students'
                  ? choice.format === 'csv'
                    ? t('students.toolbar.exportCsv')
                    : t('students.toolbar.exportExcel')
                  : choice.format === 'csv'
                    ? t('students.toolbar.exportBalancesCsv')
                    : t('students.toolbar.exportBalancesExcel')}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
