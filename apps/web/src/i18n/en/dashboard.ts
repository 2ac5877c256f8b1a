import type { Translation } from '../fr';

type Dashboard = Pick<Translation, 'dashboard'>;

export const dashboard: Dashboard = {
  dashboard: {
    kpis: {
      label: "Today's figures",
      loading: 'Loading the figures…',
      loadError: 'The figures could not be loaded.',
      asOf: 'Figures of {{date}}',
      collectedToday: "Today's takings",
      successRate: 'Success rate',
      overdue: 'Unpaid',
      dueNext7Days: 'Due within 7 days',
      comparedTo: {
        collectedToday: 'compared with yesterday',
        successRate: 'compared with the previous 30 days',
        overdue: 'compared with 30 days ago',
        dueNext7Days: 'over the following 7 days',
      },
      stable: 'stable',
      none: '—',
      successDetail: '{{succeeded}} out of {{attempted}} in 30 days',
      succeeded_one: '{{number}} succeeded',
      succeeded_many: '{{number}} succeeded',
      succeeded_other: '{{number}} succeeded',
      attempted_one: '{{number}} attempted',
      attempted_many: '{{number}} attempted',
      attempted_other: '{{number}} attempted',
      noAttempt: 'No payment attempted in 30 days',
    },
    recent: {
      title: 'Recent payments',
      caption: 'Recent payments',
      seeAll: 'See all payments',
      loading: 'Loading the recent payments…',
      loadError: 'The recent payments could not be loaded.',
      empty: 'No payment yet.',
      emptyHint: "The families' and the cash desk's payments will show here.",
    },
  },
};
