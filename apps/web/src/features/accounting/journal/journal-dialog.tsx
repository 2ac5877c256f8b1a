import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Lock } from 'lucide-react';
import { journalExportFormatValues, type JournalExportFormat } from '@ecolage/contracts';
import { Button, SubmitButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { addFrenchStrings } from '../../../i18n/add-strings';
import { accountingJournal } from '../../../i18n/fr/accounting-journal';
import { filenameFromDisposition, saveBlob } from '../../../lib/download';
import { errorMessage } from '../../../lib/error-message';
import { can, useSession } from '../../auth/session-store';
import { currentMonth } from '../reports/reports-dialog';
import { downloadJournal, useClosePeriod } from './journal.api';

addFrenchStrings(accountingJournal);

/** `YYYY-MM-DD` → `30/09/2026`. */
export function frenchDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

function todayIso(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

const fieldClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * « Journal » (export:accounting): Du / Au (the current month by default), the format as radio
 * cards with a line each, « Télécharger » with the session. After a successful export of a past
 * period, a member who manages accounting is offered « Clôturer la période jusqu’au … » with a
 * confirmation step.
 */
export function JournalDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const month = currentMonth();
  const [from, setFrom] = useState(month.from);
  const [to, setTo] = useState(month.to);
  const [format, setFormat] = useState<JournalExportFormat>('fec');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [exported, setExported] = useState<{ from: string; to: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [closedDay, setClosedDay] = useState<string | null>(null);
  const closePeriod = useClosePeriod();
  const first = useRef<HTMLInputElement>(null);
  const base = useId();
  const inverted = from !== '' && to !== '' && from > to;
  const canClose = can('manage:accounting', session);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || inverted) return;
    setFailure(null);
    setExported(null);
    setClosedDay(null);
    setPending(true);
    try {
      const file = await downloadJournal({ format, from, to });
      saveBlob(file.blob, filenameFromDisposition(file.disposition) ?? `journal.${format}`);
      setExported({ from, to });
    } catch (error) {
      setFailure(errorMessage(error, t, t('accountingJournal.failure')));
    } finally {
      setPending(false);
    }
  }

  async function confirmClose(day: string) {
    setFailure(null);
    try {
      await closePeriod.mutateAsync(day);
      setClosedDay(day);
    } catch (error) {
      setFailure(errorMessage(error, t, t('accountingJournal.closeFailure')));
    } finally {
      setConfirming(false);
    }
  }

  const closable = exported && exported.to < todayIso() ? exported.to : null;

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t('accountingJournal.title')}
      description={t('accountingJournal.description')}
      closeLabel={t('accountingJournal.close')}
      initialFocus={first}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm font-semibold text-slate-900">
            {t('accountingJournal.from')}
            <input
              ref={first}
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
            {t('accountingJournal.to')}
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
            <p id={`${base}-periode`} className="text-sm font-semibold text-red-700 sm:col-span-2">
              {t('accountingJournal.periodInverted')}
            </p>
          ) : null}
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">
            {t('accountingJournal.format')}
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {journalExportFormatValues.map((value) => (
              <label
                key={value}
                className={[
                  'flex cursor-pointer gap-3 rounded-xl border p-3 focus-within:ring-2 focus-within:ring-brand-600/40',
                  format === value
                    ? 'border-brand-600 bg-brand-50'
                    : 'border-slate-200 hover:border-slate-300',
                ].join(' ')}
              >
                <input
                  type="radio"
                  name={`${base}-format`}
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                  aria-describedby={`${base}-${value}`}
                  className="mt-1 size-4 accent-brand-600"
                />
                <span>
                  <span className="block font-semibold text-slate-900">
                    {t(`accountingJournal.formats.${value}.name`)}
                  </span>
                  <span id={`${base}-${value}`} className="block text-sm text-slate-700">
                    {t(`accountingJournal.formats.${value}.line`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {failure ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {failure}
          </p>
        ) : null}

        {exported ? (
          <div className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3">
            <p role="status" className="text-sm font-semibold text-emerald-900">
              {t('accountingJournal.done', {
                from: frenchDay(exported.from),
                to: frenchDay(exported.to),
              })}
            </p>
            {canClose && closedDay ? (
              <p role="status" className="text-sm text-slate-900">
                {t('accountingJournal.closed', { day: frenchDay(closedDay) })}
              </p>
            ) : null}
            {canClose && !closedDay && closable ? (
              <div className="space-y-2">
                <p className="text-sm text-slate-700">{t('accountingJournal.closeHint')}</p>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  <Lock aria-hidden="true" className="size-4" />
                  {t('accountingJournal.closeOffer', { day: frenchDay(closable) })}
                </Button>
              </div>
            ) : null}
            {canClose && !closedDay && !closable ? (
              <p className="text-sm text-slate-700">{t('accountingJournal.closeNotYet')}</p>
            ) : null}
          </div>
        ) : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {exported ? t('accountingJournal.close') : t('accountingJournal.cancel')}
          </Button>
          <SubmitButton
            pending={pending}
            label={t('accountingJournal.download')}
            pendingLabel={t('accountingJournal.downloading')}
            icon={<Download aria-hidden="true" className="size-4" />}
          />
        </div>
      </form>
      {closable ? (
        <ConfirmDialog
          open={confirming}
          title={t('accountingJournal.closeConfirmTitle')}
          confirmLabel={t('accountingJournal.closeConfirmAction', { day: frenchDay(closable) })}
          pendingLabel={t('accountingJournal.closing')}
          cancelLabel={t('accountingJournal.cancel')}
          closeLabel={t('accountingJournal.close')}
          pending={closePeriod.isPending}
          tone="danger"
          onConfirm={() => void confirmClose(closable)}
          onClose={() => setConfirming(false)}
        >
          <p>{t('accountingJournal.closeConfirm', { day: frenchDay(closable) })}</p>
        </ConfirmDialog>
      ) : null}
    </Dialog>
  );
}
