import { useTranslation } from 'react-i18next';
import { addFrenchStrings } from '../../i18n/add-strings';
import { payments } from '../../i18n/fr/payments';
import { useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { PaymentDrawer } from './payment-drawer';
import { PaymentList } from './payment-list';
import { PAYMENT_PARAM } from './payment-params';
import { PaymentReviews } from './payment-reviews';

addFrenchStrings(payments);

/**
 * « Paiements » (/admin/paiements, read:payments): every payment of the school (filters, sort,
 * pages and exports, all in the address), then « À vérifier », the notifications to check
 * (reconcile:payments). A payment named in the address (`?paiement=<id>`: a row, a
 * notification, the dashboard, a shared link) opens in the drawer; the Back button closes it.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('payments.title'));
  const session = useSession();
  const [params, update] = useListParams();
  const paymentId = params.get(PAYMENT_PARAM) || null;

  function paymentHref(id: string): string {
    const next = new URLSearchParams(params);
    next.set(PAYMENT_PARAM, id);
    return `?${next.toString()}`;
  }

  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {t('payments.title')}
        </h1>
        <p className="mt-2 max-w-3xl text-base text-slate-700">{t('payments.lead')}</p>
      </header>
      <PaymentList params={params} update={update} paymentHref={paymentHref} />
      <PaymentReviews
        params={params}
        update={update}
        canReconcile={can('reconcile:payments', session)}
        paymentHref={paymentHref}
      />
      <PaymentDrawer
        paymentId={paymentId}
        onClose={() => {
          // Closing after the address already changed (the Back button) adds no history entry.
          if (paymentId) update({ [PAYMENT_PARAM]: null });
        }}
      />
    </div>
  );
}
