import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import {
  accountingReportValues,
  type AccountingReport,
  type AccountingReportFormat,
  type StudentItem,
} from '@ecolage/contracts';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SearchField } from '../../../components/ui/search-field';
import { addFrenchStrings } from '../../../i18n/add-strings';
import { accountingReports } from '../../../i18n/fr/accounting-reports';
import { filenameFromDisposition, saveBlob } from '../../../lib/download';
import { errorMessage } from '../../../lib/error-message';
import { apiDownload } from '../../auth/auth-client';
import { useStudents } from '../../students/students.api';

addFrenchStrings(accountingReports);

const STUDENT_SEARCH_MIN = 2;

/** `YYYY-MM-DD` of a date in the reader's calendar. */
function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The current month: its first and last days. */
export function currentMonth(now = new Date()): { from: string; to: string } {
  return {
    from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: isoDay(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  };
}

/** The report's address with its period (or date), student and format. */
export function reportPath(choice: {
  report: AccountingReport;
  format: AccountingReportFormat;
  from: string;
  to: string;
  at: string;
  studentId: string | null;
}): string {
  const query = new URLSearchParams({ format: choice.format });
  if (choice.report === 'balance-agee') query.set('to', choice.at);
  else {
    query.set('from', choice.from);
    query.set('to', choice.to);
  }
  if (choice.report === 'grand-livre' && choice.studentId) query.set('studentId', choice.studentId);
  return `/api/accounting/reports/${choice.report}?${query.toString()}`;
}

/** The grand livre's optional student: the students' own search, one picked. */
function StudentChoice({
  chosen,
  onChoose,
}: {
  chosen: StudentItem | null;
  onChoose: (student: StudentItem | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const ready = search.length >= STUDENT_SEARCH_MIN;
  const results = useStudents(
    {
      search,
      status: null,
      programmeId: null,
      levelId: null,
      yearId: null,
      balance: null,
      page: 1,
      pageSize: 6,
    },
    ready && !chosen,
  );
  const items = ready ? (results.data?.items ?? []) : [];

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">
        {t('accountingReports.student')}
      </legend>
      {chosen ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2">
          <span role="status" className="text-sm text-slate-900">
            {t('accountingReports.studentChosen', {
              name: `${chosen.fullName} (${chosen.matricule})`,
            })}
          </span>
          <Button variant="secondary" size="sm" onClick={() => onChoose(null)}>
            {t('accountingReports.studentClear')}
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t('accountingReports.studentHint')}</p>
          <SearchField
            label={t('accountingReports.studentSearch')}
            placeholder={t('accountingReports.studentPlaceholder')}
            value={search}
            onSearch={setSearch}
          />
          {ready && results.isSuccess && items.length === 0 ? (
            <p role="status" className="text-sm text-slate-600">
              {t('accountingReports.studentNoMatch', { search })}
            </p>
          ) : null}
          {items.length > 0 ? (
            <ul
              aria-label={t('accountingReports.studentResults')}
              className="divide-y divide-slate-200 rounded-xl border border-slate-200"
            >
              {items.map((student) => (
                <li key={student.id}>
                  <button
                    type="button"
                    onClick={() => onChoose(student)}
                    className="flex min-h-11 w-full flex-col px-4 py-2 text-left hover:bg-brand-50"
                  >
                    <span className="font-semibold text-slate-900">{student.fullName}</span>
                    <span className="text-sm text-slate-700">{student.matricule}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </fieldset>
  );
}

const fieldClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * « Exporter » (read:accounting): the four accounting reports as radio cards, the period (Du / Au,
 * the current month by default) or the balance âgée's one date (today), the grand livre's
 * optional student, PDF or Excel; « Télécharger » fetches the file with the session and saves
 * it, a refusal (an empty period…) shown in the dialog in the reader's language.
 */
export function ReportsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const month = currentMonth();
  const [report, setReport] = useState<AccountingReport>('grand-livre');
  const [from, setFrom] = useState(month.from);
  const [to, setTo] = useState(month.to);
  const [at, setAt] = useState(isoDay(new Date()));
  const [format, setFormat] = useState<AccountingReportFormat>('pdf');
  const [student, setStudent] = useState<StudentItem | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const base = useId();
  const atOneDate = report === 'balance-agee';
  const inverted = !atOneDate && from !== '' && to !== '' && from > to;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || inverted) return;
    setFailure(null);
    setPending(true);
    try {
      const file = await apiDownload(
        reportPath({ report, format, from, to, at, studentId: student?.id ?? null }),
      );
      saveBlob(file.blob, filenameFromDisposition(file.disposition) ?? `${report}.${format}`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t, t('accountingReports.failure')));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t('accountingReports.title')}
      description={t('accountingReports.description')}
      closeLabel={t('accountingReports.close')}
      initialFocus={first}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">
            {t('accountingReports.report')}
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {accountingReportValues.map((value, index) => (
              <label
                key={value}
                className={[
                  'flex cursor-pointer gap-3 rounded-xl border p-3 focus-within:ring-2 focus-within:ring-brand-600/40',
                  report === value
                    ? 'border-brand-600 bg-brand-50'
                    : 'border-slate-200 hover:border-slate-300',
                ].join(' ')}
              >
                <input
                  ref={index === 0 ? first : undefined}
                  type="radio"
                  name={`${base}-rapport`}
                  value={value}
                  checked={report === value}
                  onChange={() => {
                    setReport(value);
                    setFailure(null);
                  }}
                  aria-describedby={`${base}-${value}`}
                  className="mt-1 size-4 accent-brand-600"
                />
                <span>
                  <span className="block font-semibold text-slate-900">
                    {t(`accountingReports.reports.${value}.name`)}
                  </span>
                  <span id={`${base}-${value}`} className="block text-sm text-slate-700">
                    {t(`accountingReports.reports.${value}.line`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {atOneDate ? (
          <label className="block text-sm font-semibold text-slate-900 sm:max-w-xs">
            {t('accountingReports.at')}
            <input
              type="date"
              required
              value={at}
              onChange={(event) => setAt(event.target.value)}
              className={fieldClass}
            />
          </label>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block text-sm font-semibold text-slate-900">
              {t('accountingReports.from')}
              <input
                type="date"
                required
                value={from}
                max={to || undefined}
                onChange={(event) => setFrom(event.target.value)}
                aria-invalid={inverted || undefined}
                aria-describedby={inverted ? `${base}-periode` : undefined}
                className={fieldClass}
              />
            </label>
            <label className="block text-sm font-semibold text-slate-900">
              {t('accountingReports.to')}
              <input
                type="date"
                required
                value={to}
                min={from || undefined}
                onChange={(event) => setTo(event.target.value)}
                className={fieldClass}
              />
            </label>
            {inverted ? (
              <p
                id={`${base}-periode`}
                className="text-sm font-semibold text-red-700 sm:col-span-2"
              >
                {t('accountingReports.periodInverted')}
              </p>
            ) : null}
          </div>
        )}

        {report === 'grand-livre' ? <StudentChoice chosen={student} onChoose={setStudent} /> : null}

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">
            {t('accountingReports.format')}
          </legend>
          <div className="mt-2 flex gap-4">
            {(['pdf', 'xlsx'] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-slate-900">
                <input
                  type="radio"
                  name={`${base}-format`}
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                  className="size-4 accent-brand-600"
                />
                {t(`accountingReports.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>

        {failure ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {failure}
          </p>
        ) : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('accountingReports.cancel')}
          </Button>
          <SubmitButton
            pending={pending}
            label={t('accountingReports.download')}
            pendingLabel={t('accountingReports.downloading')}
            icon={<Download aria-hidden="true" className="size-4" />}
          />
        </div>
      </form>
    </Dialog>
  );
}
