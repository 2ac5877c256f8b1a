import { addFrenchStrings } from '../../i18n/add-strings';
import { dashboard } from '../../i18n/fr/dashboard';
import { payments } from '../../i18n/fr/payments';
import { KpiCards } from './kpi-cards';
import { RecentPayments } from './recent-payments';

addFrenchStrings(dashboard, payments);

/**
 * The figures under the dashboard's greeting, each for the roles that may see it: the four
 * cards (read:statistics) and the recent payments (read:payments). A chunk of its own, loaded
 * only by members who see one of them.
 */
export function DashboardPanels({
  showFigures,
  showPayments,
}: {
  showFigures: boolean;
  showPayments: boolean;
}) {
  return (
    <div className="space-y-10">
      {showFigures ? <KpiCards /> : null}
      {showPayments ? <RecentPayments /> : null}
    </div>
  );
}
