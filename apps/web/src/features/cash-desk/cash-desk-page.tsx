import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashSession } from '@ecolage/contracts';
import { ListState } from '../../components/ui/list-state';
import { addFrenchStrings } from '../../i18n/add-strings';
import { cashDesk } from '../../i18n/fr/cash-desk';
import { payments } from '../../i18n/fr/payments';
import { receipts } from '../../i18n/fr/receipts';
import { errorStatus } from '../../lib/error-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { SchoolPosterButton } from '../payment-links/qr-downloads';
import { useCurrentCashSession } from './cash-desk.api';
import { CashSessionsList } from './cash-sessions-list';
import { CloseSessionDialog } from './close-session-dialog';
import { DeskPayment } from './desk-payment';
import { OpenSessionForm } from './open-session-form';
import { SessionPayments } from './session-payments';
import { ClosedSessionSummary, OpenSessionSummary } from './session-summary';

// The desk's strings, the receipts' (print, A4) and the payments' (methods, invoice choice).
addFrenchStrings(cashDesk, receipts, payments);

/**
 * The cashier's desk: « Ouvrir la caisse » when no session is open; else the session's figures,
 * « Encaisser », its payments and « Clôturer la caisse ». Once closed, its summary and report
 * stay on screen until the next session opens.
 */
function CashierDesk({ canReadInvoices }: { canReadInvoices: boolean }) {
  const { t } = useTranslation();
  const current = useCurrentCashSession();
  const [closing, setClosing] = useState(false);
  const [closed, setClosed] = useState<CashSession | null>(null);

  if (current.isPending) return <ListState tone="loading" title={t('cashDesk.loading')} />;
  if (current.isError) {
    return (
      <ListState
        tone="error"
        title={t('cashDesk.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void current.refetch()}
      >
        {errorStatus(current.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  }

  const session = current.data;
  if (session === null) {
    return (
      <div className="space-y-6">
        {closed ? (
          <ClosedSessionSummary session={closed} onDismiss={() => setClosed(null)} />
        ) : null}
        <OpenSessionForm />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <OpenSessionSummary session={session} onClose={() => setClosing(true)} />
      <DeskPayment session={session} canReadInvoices={canReadInvoices} />
      <SessionPayments sessionId={session.id} />
      {closing ? (
        <CloseSessionDialog
          session={session}
          onClose={() => setClosing(false)}
          onClosed={(done) => {
            setClosing(false);
            setClosed(done);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * « Caisse » (/admin/caisse, operate:cash_desk or supervise:cash_desk). A cashier opens their
 * session, takes payments at the desk and prints the receipts, then closes by counting the
 * drawer; below, their past sessions. A supervisor (Directeur, Finance) sees every cashier's
 * sessions, differences highlighted, each with its brouillard de caisse.
 */
export function CashDeskPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('cashDesk.title'));
  const session = useSession();
  const operate = can('operate:cash_desk', session);
  const supervise = can('supervise:cash_desk', session);

  return (
    <div className="space-y-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
            {t('cashDesk.title')}
          </h1>
          <p className="mt-2 max-w-3xl text-base text-slate-700">
            {operate ? t('cashDesk.lead') : t('cashDesk.supervisorLead')}
          </p>
        </div>
        {can('request:payments', session) ? <SchoolPosterButton /> : null}
      </header>
      {operate ? <CashierDesk canReadInvoices={can('read:invoices', session)} /> : null}
      <CashSessionsList supervisor={supervise} />
    </div>
  );
}
