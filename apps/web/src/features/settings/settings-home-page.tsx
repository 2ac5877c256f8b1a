import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { useSchoolBranding } from '../../app/theme/branding.api';
import { firstName, initials, useSession } from '../auth/session-store';
import { useSchoolDetails, useSchoolPlan } from './settings.api';
import { SettingsPage } from './settings-ui';

export const KYC_TONES: Record<'a_envoyer' | 'soumis' | 'valide' | 'refuse', BadgeTone> = {
  a_envoyer: 'grey',
  soumis: 'blue',
  valide: 'green',
  refuse: 'red',
};

/**
 * « Paramètres » (/admin/parametres): greets the member by first name, shows the school at a
 * glance (name, logo, plan, KYC status) and leads to the hub.
 */
export function SettingsHomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const branding = useSchoolBranding(session?.organization.id ?? '');
  const details = useSchoolDetails();
  const plan = useSchoolPlan();
  if (!session) return null;
  const schoolName = branding.data?.name ?? session.organization.name;
  const logoUrl = branding.data?.logoUrl ?? null;
  const kyc = details.data?.kyc.status;

  return (
    <SettingsPage
      title={t('settings.home.greeting', { name: firstName(session.user.name) })}
      lead={t('settings.home.lead')}
    >
      <div className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-6">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt={t('settings.appearance.logo.current')}
            className="size-20 shrink-0 rounded-xl bg-[#fff] object-contain p-1"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-20 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-2xl font-bold text-white"
          >
            {initials(schoolName)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="text-xl font-bold break-words text-slate-900">{schoolName}</p>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <div className="flex items-center gap-2">
              <dt className="text-slate-600">{t('settings.home.plan')}</dt>
              <dd className="font-semibold text-slate-900">
                {plan.data ? t(`pricing.plans.${plan.data.plan}.name`) : '—'}
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="text-slate-600">{t('settings.home.kyc')}</dt>
              <dd>
                {kyc ? <Badge tone={KYC_TONES[kyc]}>{t(`settings.kycStatus.${kyc}`)}</Badge> : '—'}
              </dd>
            </div>
          </dl>
        </div>
        <ButtonLink to="/admin/general" className="self-start sm:self-center">
          {t('settings.home.open')}
        </ButtonLink>
      </div>
    </SettingsPage>
  );
}
