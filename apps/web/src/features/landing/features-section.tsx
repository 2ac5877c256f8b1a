import { useTranslation } from 'react-i18next';
import { ChartColumn, Check, FileText, HandCoins, Smartphone, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Container } from '../../components/ui/container';

type FeatureId = 'payments' | 'receipts' | 'roles' | 'analytics';

const FEATURES: readonly { id: FeatureId; icon: LucideIcon }[] = [
  { id: 'payments', icon: Smartphone },
  { id: 'receipts', icon: FileText },
  { id: 'roles', icon: Users },
  { id: 'analytics', icon: ChartColumn },
];

/** The four promises of spec §1, and the "vous gagnez, nous gagnons" model. */
export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section
      id="fonctionnalites"
      aria-labelledby="fonctionnalites-title"
      className="scroll-mt-16 py-16 sm:py-24"
    >
      <Container>
        <div className="max-w-3xl">
          <h2
            id="fonctionnalites-title"
            className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl"
          >
            {t('features.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t('features.intro')}</p>
        </div>

        <ul className="mt-12 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {FEATURES.map(({ id, icon: Icon }) => (
            <li
              key={id}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-slate-900">{t(`features.${id}.title`)}</h3>
              <p className="mt-2 text-slate-700">{t(`features.${id}.text`)}</p>
              <ul className="mt-4 space-y-2 text-sm text-slate-700">
                {t(`features.${id}.points`, { returnObjects: true }).map((point) => (
                  <li key={point} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>

        <div className="mt-12 flex flex-col gap-4 rounded-2xl bg-brand-600 p-6 text-white sm:flex-row sm:items-center sm:p-8">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/15">
            <HandCoins aria-hidden="true" className="size-6" />
          </span>
          <div>
            <p className="text-xl font-bold">{t('features.model.title')}</p>
            <p className="mt-1 text-brand-50">{t('features.model.text')}</p>
          </div>
        </div>
      </Container>
    </section>
  );
}
