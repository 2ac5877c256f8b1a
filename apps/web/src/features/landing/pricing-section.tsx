import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { formatFrancs, formatWholeNumber, type FrancsLocale } from '@ecolage/money';
import { PLANS } from './plans';
import type { Plan } from './plans';

function PlanPrice({ plan, locale }: { plan: Plan; locale: FrancsLocale }) {
  const { t } = useTranslation();
  if (plan.price.kind === 'quote') {
    return (
      <span className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {t('pricing.onQuote')}
      </span>
    );
  }
  return (
    <>
      {/* The amount never breaks (no-break spaces): keep it within a 320 px phone's card. */}
      <span className="text-[1.75rem] font-extrabold tracking-tight min-[360px]:text-3xl sm:text-4xl">
        {formatFrancs(plan.price.amountXof, locale)}
      </span>{' '}
      <span className="text-base font-medium opacity-90">
        {plan.price.period === 'year' ? t('pricing.perYear') : t('pricing.perMonth')}
      </span>
    </>
  );
}

function PlanCard({ plan, locale }: { plan: Plan; locale: FrancsLocale }) {
  const { t } = useTranslation();
  const dark = plan.highlighted;
  return (
    <li
      className={`relative flex flex-col rounded-2xl p-6 sm:p-8 ${
        dark
          ? 'on-dark bg-brand-700 text-white shadow-xl ring-2 ring-brand-700 lg:-my-4 lg:py-12'
          : 'border border-slate-200 bg-white text-slate-900 shadow-sm'
      }`}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-xl font-bold">{t(`pricing.plans.${plan.id}.name`)}</h3>
        {dark ? (
          <span className="rounded-full bg-amber-300 px-3 py-1 text-xs font-bold text-amber-950">
            {t('pricing.recommended')}
          </span>
        ) : null}
      </div>
      <p className={`mt-2 text-sm ${dark ? 'text-brand-50' : 'text-slate-600'}`}>
        {t(`pricing.plans.${plan.id}.description`)}
      </p>
      <p className="mt-6">
        <PlanPrice plan={plan} locale={locale} />
      </p>
      <ul className={`mt-6 flex-1 space-y-3 text-sm ${dark ? 'text-white' : 'text-slate-700'}`}>
        {plan.features.map((feature) => (
          <li key={feature.key} className="flex gap-3">
            <Check
              aria-hidden="true"
              className={`mt-0.5 size-4 shrink-0 ${dark ? 'text-amber-300' : 'text-brand-600'}`}
            />
            <span>
              {t(`pricing.features.${feature.key}`, {
                quantity:
                  feature.quantity === undefined ? '' : formatWholeNumber(feature.quantity, locale),
                amount:
                  feature.amountXof === undefined ? '' : formatFrancs(feature.amountXof, locale),
              })}
            </span>
          </li>
        ))}
      </ul>
      <ButtonLink
        to={plan.ctaTo === '/signup' ? `/signup?formule=${plan.id}` : plan.ctaTo}
        variant={dark ? 'inverse' : 'secondary'}
        size="lg"
        className="mt-8 w-full"
      >
        {t(`pricing.plans.${plan.id}.cta`)}
      </ButtonLink>
    </li>
  );
}

/** Three plans of spec §9, amounts in francs CFA in the reader's number format. */
export function PricingSection() {
  const { t, i18n } = useTranslation();
  const locale: FrancsLocale = i18n.language === 'en' ? 'en' : 'fr';
  return (
    <section
      id="tarifs"
      aria-labelledby="tarifs-title"
      className="scroll-mt-16 bg-brand-50 py-16 sm:py-24"
    >
      <Container>
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="tarifs-title"
            className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl"
          >
            {t('pricing.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t('pricing.intro')}</p>
        </div>
        <ul className="mt-12 grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-stretch">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} locale={locale} />
          ))}
        </ul>
      </Container>
    </section>
  );
}
