import type { Translation } from '../fr';

type MarketingPage = Pick<Translation, 'marketingPage'>;

export const marketingPage: MarketingPage = {
  marketingPage: {
    title: 'Marketing',
    lead: 'Your recruitment campaigns, discount coupons and scholarships: what each action brings in enrolments and collected fees.',
    tabs: {
      label: 'Marketing sections',
      campaigns: 'Campaigns',
      coupons: 'Coupons',
      scholarships: 'Scholarships',
    },
    kpis: {
      label: 'Campaign indicators',
      period: 'Period',
      periodOption_one: 'Last day',
      periodOption_other: 'Last {{count}} days',
      range: 'From {{from}} to {{to}}, compared with the previous {{days}} days.',
      loading: 'Loading the indicators…',
      loadError: 'The indicators could not be loaded.',
      reach: 'Total reach',
      reachHint: 'Unique visitors who came through your campaign links',
      conversions: 'Conversions',
      conversionsHint: 'Pre-registrations and enrolments attributed',
      engagementRate: 'Engagement rate',
      engagementRateHint: 'Campaign visits that did not leave at once',
      spend: 'Total spend',
      spendHint: 'Pro rata of each campaign’s days',
      change: {
        none: 'No previous period to compare with',
        noneShort: '—',
        stable: 'Stable',
        up: 'Up:',
        down: 'Down:',
        previous: 'compared with the previous period',
      },
    },
  },
};
