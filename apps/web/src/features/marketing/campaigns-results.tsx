import { useTranslation } from 'react-i18next';
import { CAMPAIGN_ATTRIBUTION_DAYS } from '@ecolage/contracts';
import type { CampaignResults } from '@ecolage/contracts';
import { formatMoney } from '../../lib/amounts';
import { formatNumber } from '../../lib/format';
import { Section } from '../students/student-ui';
import { roiText } from './campaigns-words';

type Figure = 'reach' | 'clicks' | 'registrations' | 'enrolments' | 'revenue' | 'roi';
const FIGURES: Figure[] = ['reach', 'clicks', 'registrations', 'enrolments', 'revenue', 'roi'];

/**
 * « Résultats » of a campaign: reach, clicks, pre-registrations and enrolments attributed (last
 * touch within 30 days), revenue collected from them and the ROI (revenue ÷ spend, « — »
 * without spend), all computed by the server. Cards of 16 rem at least (« 12 500 000 FCFA »
 * fits): up to six in a row on a wide screen, three by three at 1366 px, one a row on a phone.
 */
export function CampaignResultsSection({ results }: { results: CampaignResults }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const text = (figure: Figure): string => {
    if (figure === 'revenue') return formatMoney(results.revenue, language);
    if (figure === 'roi') {
      return roiText(results.roi, t, language) ?? t('campaigns.table.noRoi');
    }
    return formatNumber(results[figure], language, 0);
  };
  return (
    <Section title={t('campaigns.detail.results.title')}>
      <p className="-mt-2 text-sm text-slate-600">
        {t('campaigns.detail.results.lead', { days: CAMPAIGN_ATTRIBUTION_DAYS })}
      </p>
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,16rem),1fr))] gap-3">
        {FIGURES.map((figure) => (
          <div key={figure} className="rounded-2xl border border-slate-200 bg-white p-4">
            <dt className="text-sm font-medium text-slate-700">
              {t(`campaigns.detail.results.${figure}`)}
            </dt>
            <dd className="mt-1 text-xl font-extrabold wrap-anywhere text-slate-900 tabular-nums sm:text-2xl">
              {text(figure)}
            </dd>
            {figure === 'roi' ? (
              <dd className="mt-1 text-xs text-slate-600">
                {results.roi === null
                  ? t('campaigns.detail.results.noRoi')
                  : t('campaigns.detail.results.roiHint')}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </Section>
  );
}
