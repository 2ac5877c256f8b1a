import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, Plus } from 'lucide-react';
import type {
  CashSession,
  DeskPaymentRequest,
  DeskPaymentResult,
  StudentItem,
} from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { formatMoney } from '../../lib/amounts';
import { ApiClientError } from '../../lib/api-client';
import { ReceiptPrintButtons } from '../receipts/receipt-print-buttons';
import { useStudentDetail } from '../students/student-detail.api';
import { useRecordDeskPayment } from './cash-desk.api';
import { Panel } from './cash-desk-ui';
import { DeskPaymentForm } from './desk-payment-form';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { StudentPicker, studentLine } from './student-picker';

/** The payment just recorded: its receipt, to print at once, and the way to the next one. */
function PaymentDone({ result, onNext }: { result: DeskPaymentResult; onNext: () => void }) {
  const { t, i18n } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { payment } = result;

  // The form the cashier was in is gone: reading goes on from here.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="space-y-5 rounded-xl border border-green-700/30 bg-green-50 p-5">
      <div className="flex gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-green-800" />
        <div>
          <h3
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-bold text-green-900 focus:outline-none"
          >
            {t('cashDesk.done.title')}
          </h3>
          <p className="mt-1 text-slate-800">
            {t('cashDesk.done.body', {
              amount: formatMoney(payment.amount, i18n.language),
              payer: payment.guardianName,
              method: t(`payments.wallets.${payment.wallet}`),
            })}
          </p>
          <p className="mt-1 text-xl font-extrabold tracking-tight text-slate-900">
            {t('cashDesk.done.receipt', { number: result.receiptNumber })}
          </p>
        </div>
      </div>
      <ReceiptPrintButtons receiptId={result.receiptId} number={result.receiptNumber} />
      <Button variant="ghost" onClick={onNext}>
        <Plus aria-hidden="true" className="size-4" />
        {t('cashDesk.done.next')}
      </Button>
    </div>
  );
}

/** The chosen student's record (guardians), then the form. */
function ChosenStudent({
  student,
  canReadInvoices,
  pending,
  onSend,
  onChange,
}: {
  student: StudentItem;
  canReadInvoices: boolean;
  pending: boolean;
  onSend: (body: DeskPaymentRequest) => Promise<void>;
  onChange: () => void;
}) {
  const { t, i18n } = useTranslation();
  const detail = useStudentDetail(student.id);

  let body;
  if (detail.isPending) {
    body = <ListState tone="loading" title={t('cashDesk.pay.studentLoading')} />;
  } else if (detail.isError) {
    body = (
      <ListState
        tone="error"
        title={t('cashDesk.pay.studentError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void detail.refetch()}
      />
    );
  } else if (detail.data.guardians.length === 0) {
    body = (
      <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950">
        {t('cashDesk.pay.noGuardian')}{' '}
        <Link
          to={`/admin/etudiants/${encodeURIComponent(student.id)}`}
          className="font-semibold text-brand-800 underline"
        >
          {t('cashDesk.pay.openStudent', { name: student.fullName })}
        </Link>
      </p>
    );
  } else {
    body = (
      <DeskPaymentForm
        student={detail.data}
        canReadInvoices={canReadInvoices}
        pending={pending}
        onSend={onSend}
      />
    );
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm text-slate-700">{t('cashDesk.pay.chosen')}</p>
          <p className="font-bold text-slate-900">{student.fullName}</p>
          <p className="text-sm text-slate-700">{studentLine(student)}</p>
          <p className="text-sm font-semibold text-slate-900 tabular-nums">
            {t('cashDesk.pay.balance', { amount: formatMoney(student.balance, i18n.language) })}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onChange}>
          {t('cashDesk.pay.change')}
        </Button>
      </div>
      {body}
    </div>
  );
}

/**
 * One payment at the desk, from the student's search to the printed receipt.
 *
 * The idempotency key is drawn for this payment and sent with every attempt of it: a double
 * click, or a retry after a network failure or a server error (when the payment may have been
 * recorded), replays it instead of recording it twice. A clear refusal (4xx) recorded nothing,
 * so the next attempt gets a new key, and so does another student.
 */
function DeskPaymentRound({
  session,
  canReadInvoices,
  onNext,
  autoFocus,
}: {
  session: CashSession;
  canReadInvoices: boolean;
  onNext: () => void;
  autoFocus: boolean;
}) {
  const record = useRecordDeskPayment();
  const sending = useRef(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [student, setStudent] = useState<StudentItem | null>(null);
  const [focusSearch, setFocusSearch] = useState(autoFocus);
  const [result, setResult] = useState<DeskPaymentResult | null>(null);

  async function send(body: DeskPaymentRequest) {
    if (sending.current) return; // a second click before the first has re-rendered
    sending.current = true;
    try {
      setResult(await record.mutateAsync({ sessionId: session.id, body, key }));
    } catch (error) {
      if (error instanceof ApiClientError && error.status < 500) setKey(newIdempotencyKey());
      throw error;
    } finally {
      sending.current = false;
    }
  }

  if (result) return <PaymentDone result={result} onNext={onNext} />;
  if (!student) return <StudentPicker onChoose={setStudent} autoFocus={focusSearch} />;
  return (
    <ChosenStudent
      key={student.id}
      student={student}
      canReadInvoices={canReadInvoices}
      pending={record.isPending}
      onSend={send}
      onChange={() => {
        setStudent(null);
        setFocusSearch(true);
        setKey(newIdempotencyKey());
      }}
    />
  );
}

/** « Encaisser »: a payment of the open session; « Nouvel encaissement » starts afresh. */
export function DeskPayment({
  session,
  canReadInvoices,
}: {
  session: CashSession;
  canReadInvoices: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [round, setRound] = useState(0);
  return (
    <Panel titleId={titleId} title={t('cashDesk.pay.title')}>
      <p className="mb-5 text-slate-700">{t('cashDesk.pay.lead')}</p>
      <DeskPaymentRound
        key={round}
        session={session}
        canReadInvoices={canReadInvoices}
        onNext={() => setRound((current) => current + 1)}
        autoFocus={round > 0}
      />
    </Panel>
  );
}
