import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { formatFrancs, formatWholeNumber, type FrancsLocale } from '@ecolage/money';
import { formatCommissionRate, PLAN_CATALOGUE } from '@ecolage/contracts';
import type { PlanDefinition, PlanId, SchoolPlanResponse } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { useChangePlan, useSchoolPlan } from './settings.api';
import { SettingsContent, SettingsPage, useMayManageSettings } from './settings-ui';

function PlanPriceLine({ plan, locale }: { plan: PlanDefinition; locale: FrancsLocale }) {
  const { t } = useTranslation();
  if (plan.price.kind === 'quote') return <>{t('pricing.onQuote')}</>;
  return (
    <>
      {formatFrancs(plan.price.amountXof, locale)}{' '}
      {plan.price.period === 'year' ? t('pricing.perYear') : t('pricing.perMonth')}
    </>
  );
}

/** The terms in force: commission, free volume, and the users counted against the limit. */
function CurrentTerms({ current, locale }: { current: SchoolPlanResponse; locale: FrancsLocale }) {
  const { t, i18n } = useTranslation();
  const { terms, usage } = current;
  const rate =
    locale === 'fr'
      ? formatCommissionRate(terms.commissionRateBp)
      : `${terms.commissionRateBp / 100} %`;
  return (
    <ul className="mt-4 space-y-1 text-sm text-slate-700">
      <li>{t('settings.plan.since', { date: formatDate(current.since, i18n.language) })}</li>
      <li>{t('settings.plan.commission', { rate })}</li>
      {terms.feeFreeVolumeXof > 0 ? (
        <li>
          {t('settings.plan.freeVolume', { amount: formatFrancs(terms.feeFreeVolumeXof, locale) })}
        </li>
      ) : null}
      <li className="font-semibold text-slate-900">
        {usage.memberLimit === null
          ? t('settings.plan.usageUnlimited', { members: usage.members })
          : t('settings.plan.usage', { members: usage.members, limit: usage.memberLimit })}
      </li>
    </ul>
  );
}

/**
 * « Formule » (/admin/formule): the three plans of the catalogue (the landing page's), the
 * current one with its start date, its stored terms and its usage; a change asks for
 * confirmation (the server may refuse it: PLAN_MEMBER_LIMIT_EXCEEDED); Personnalisé is on quote
 * and leads to the contact page.
 */
export function PlanPage() {
  const { t, i18n } = useTranslation();
  const locale: FrancsLocale = i18n.language === 'en' ? 'en' : 'fr';
  const query = useSchoolPlan();
  const change = useChangePlan();
  const editable = useMayManageSettings();
  const [target, setTarget] = useState<PlanId | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function confirm() {
    if (!target) return;
    try {
      await change.mutateAsync(target);
      notify.success(t('settings.plan.changed', { plan: t(`pricing.plans.${target}.name`) }));
      setTarget(null);
    } catch (error) {
      setRefusal(errorMessage(error, t, t('settings.failure')));
    }
  }

  return (
    <SettingsPage title={t('settings.plan.title')} lead={t('settings.plan.lead')} back="general">
      <SettingsContent query={query} editable={editable}>
        {(current) => (
          <ul className="grid gap-4 lg:grid-cols-3">
            {PLAN_CATALOGUE.map((plan) => {
              const isCurrent = plan.id === current.plan;
              const name = t(`pricing.plans.${plan.id}.name`);
              return (
                <li
                  key={plan.id}
                  aria-current={isCurrent ? 'true' : undefined}
                  className={`flex flex-col rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${isCurrent ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'}`}
                >
                  <div className="flex items-center justify-between gap-3">
                    <h2 className="text-lg font-bold text-slate-900">{name}</h2>
                    {isCurrent ? <Badge tone="brand">{t('settings.plan.current')}</Badge> : null}
                  </div>
                  <p className="mt-1 text-sm text-slate-600">
                    {t(`pricing.plans.${plan.id}.description`)}
                  </p>
                  <p className="mt-3 text-xl font-extrabold text-slate-900">
                    <PlanPriceLine plan={plan} locale={locale} />
                  </p>
                  <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                    {plan.features.map((feature) => (
                      <li key={feature.key} className="flex gap-2">
                        <Check
                          aria-hidden="true"
                          className="mt-0.5 size-4 shrink-0 text-brand-600"
                        />
                        {t(`pricing.features.${feature.key}`, {
                          quantity:
                            feature.quantity === undefined
                              ? ''
                              : formatWholeNumber(feature.quantity, locale),
                          amount:
                            feature.amountXof === undefined
                              ? ''
                              : formatFrancs(feature.amountXof, locale),
                        })}
                      </li>
                    ))}
                  </ul>
                  {isCurrent ? <CurrentTerms current={current} locale={locale} /> : null}
                  {!isCurrent && editable ? (
                    plan.onQuote ? (
                      <ButtonLink to="/contact" variant="secondary" className="mt-5">
                        {t('settings.plan.quote')}
                      </ButtonLink>
                    ) : (
                      <Button
                        variant="secondary"
                        className="mt-5"
                        onClick={() => {
                          setRefusal(null);
                          setTarget(plan.id);
                        }}
                      >
                        {t('settings.plan.choose', { plan: name })}
                      </Button>
                    )
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </SettingsContent>
      <ConfirmDialog
        open={target !== null}
        title={t('settings.plan.confirmTitle')}
        confirmLabel={t('settings.plan.confirm')}
        pendingLabel={t('settings.plan.confirming')}
        cancelLabel={t('settings.cancel')}
        closeLabel={t('settings.close')}
        pending={change.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setTarget(null)}
      >
        <p>
          {target
            ? t('settings.plan.confirmText', { plan: t(`pricing.plans.${target}.name`) })
            : null}
        </p>
        <FormAlert>{refusal}</FormAlert>
      </ConfirmDialog>
    </SettingsPage>
  );
}
