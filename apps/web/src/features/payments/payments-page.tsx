import { useTranslation } from 'react-i18next';
import { addFrenchStrings } from '../../i18n/add-strings';
import { payments } from '../../i18n/fr/payments';
import { useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { PaymentDialog } from './payment-dialog';
import { PaymentReviews } from './payment-reviews';

addFrenchStrings(payments);

/** `?paiement=<id>`: the payment open in its dialog (a link from a notification). */
const PAYMENT_PARAM = 'paiement';

/**
 * « Paiements » (/admin/paiements, read:payments). For now its one section is « À vérifier »:
 * the notifications to check (reconcile:payments); the list of every payment comes above it
 * later. A payment named in the address opens in a dialog, so a notification's link can be
 * shared and the Back button closes it.
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
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {t('payments.title')}
        </h1>
        <p className="mt-2 max-w-3xl text-base text-slate-700">{t('payments.lead')}</p>
      </header>
      <PaymentReviews
        params={params}
        update={update}
        canReconcile={can('reconcile:payments', session)}
        paymentHref={paymentHref}
      />
      <PaymentDialog
        paymentId={paymentId}
        canRefresh={can('record:payments', session)}
        onClose={() => update({ [PAYMENT_PARAM]: null })}
      />
    </div>
  );
}
