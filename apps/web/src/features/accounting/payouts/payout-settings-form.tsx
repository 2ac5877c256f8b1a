import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutScheduleValue, PayoutSettings } from '@ecolage/contracts';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select';
import { notify } from '../../../components/ui/toaster';
import { formatMoney } from '../../../lib/amounts';
import { errorMessage } from '../../../lib/error-message';
import { usePayoutSettings, useSavePayoutSettings } from './payouts.api';

/** « Calendrier des virements »: daily or weekly (its day), the minimum, paused; read-only without manage:payouts. */
export function PayoutSettingsForm({ canManage }: { canManage: boolean }) {
  const settings = usePayoutSettings();
  const data = settings.data;
  if (!data) return null;
  const key = `${data.schedule}-${data.weekday}-${data.minimumXof}-${data.paused}`;
  return <SettingsForm key={key} data={data} canManage={canManage} />;
}

function SettingsForm({ data, canManage }: { data: PayoutSettings; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const save = useSavePayoutSettings();
  const [schedule, setSchedule] = useState<PayoutScheduleValue>(data.schedule);
  const [weekday, setWeekday] = useState(String(data.weekday));
  const [minimum, setMinimum] = useState(String(data.minimumXof));
  const [paused, setPaused] = useState(data.paused);
  const [minimumError, setMinimumError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const minimumXof = Number(minimum.replace(/[\s\u202f\u00a0]/g, ''));
    if (
      !/^\d+$/.test(minimum.replace(/[\s\u202f\u00a0]/g, '')) ||
      !Number.isSafeInteger(minimumXof)
    ) {
      setMinimumError(t('accountingPayouts.settings.minimumInvalid'));
      return;
    }
    setMinimumError(null);
    save.mutate(
      { schedule, weekday: Number(weekday), minimumXof, paused },
      {
        onSuccess: () => notify.success(t('accountingPayouts.settings.saved')),
        onError: (error) => setFailure(errorMessage(error, t, t('accountingPayouts.actionError'))),
      },
    );
  }

  const weekdays = ['1', '2', '3', '4', '5', '6', '7'].map((value) => ({
    value,
    label: t(`accountingPayouts.settings.weekdays.${value}` as never) as string,
  }));

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3 id={titleId} className="text-lg font-bold text-slate-900">
        {t('accountingPayouts.settings.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {t('accountingPayouts.settings.pending', {
          amount: formatMoney(data.pendingNet, i18n.language),
          count: data.pendingCount,
        })}{' '}
        {data.bankDetailsReady && data.accountMasked
          ? t('accountingPayouts.settings.account', { account: data.accountMasked })
          : null}
      </p>
      {!data.bankDetailsReady ? (
        <p className="mt-2 text-sm font-medium text-amber-900">
          {t('accountingPayouts.settings.noBank')}
        </p>
      ) : null}
      <form
        onSubmit={onSubmit}
        className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        noValidate
      >
        <SelectField
          label={t('accountingPayouts.settings.schedule')}
          value={schedule}
          disabled={!canManage}
          onChange={(event) => setSchedule(event.target.value as PayoutScheduleValue)}
          options={[
            { value: 'daily', label: t('accountingPayouts.settings.daily') },
            { value: 'weekly', label: t('accountingPayouts.settings.weekly') },
          ]}
        />
        <SelectField
          label={t('accountingPayouts.settings.weekday')}
          value={weekday}
          disabled={!canManage || schedule !== 'weekly'}
          onChange={(event) => setWeekday(event.target.value)}
          options={weekdays}
        />
        <InputField
          label={t('accountingPayouts.settings.minimum')}
          inputMode="numeric"
          value={minimum}
          disabled={!canManage}
          error={minimumError}
          onChange={(event) => setMinimum(event.target.value)}
        />
        <label className="flex min-h-11 items-center gap-2 self-end text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-5"
            checked={paused}
            disabled={!canManage}
            onChange={(event) => setPaused(event.target.checked)}
          />
          {t('accountingPayouts.settings.paused')}
        </label>
        {failure ? (
          <div className="sm:col-span-2 lg:col-span-4">
            <FormAlert>{failure}</FormAlert>
          </div>
        ) : null}
        {canManage ? (
          <div className="sm:col-span-2 lg:col-span-4">
            <Button type="submit" disabled={save.isPending}>
              {t('accountingPayouts.settings.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
