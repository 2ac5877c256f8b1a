import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BillingMessages,
  voidInvoiceRequestSchema,
  waiveLineRequestSchema,
} from '@ecolage/contracts';
import type { InvoiceDetail, InvoiceLine } from '@ecolage/contracts';
import { Button, ExplainedButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { ListState } from '../../components/ui/list-state';
import { errorMessage } from '../../lib/error-message';
import { formatDate, formatDateTime } from '../../lib/format';
import { InvoiceLines } from './invoice-lines';
import { useInvoiceDetail } from './student-detail.api';
import { useIssueInvoice, useVoidInvoice, useWaiveLateFee } from './student-mutations.api';
import { ReasonForm } from './student-reason';
import { formatMoney } from '../../lib/amounts';
import { InvoiceStatusBadges } from './student-ui';

/**
 * One invoice (`GET /api/invoices/:id`): its lines, totals and, once voided, when and why.
 * issue:invoices issues a draft and waives a late fee; void:invoices voids it. A reason is
 * asked, in the dialog itself, before voiding or waiving.
 */
export function InvoiceDialog({
  invoiceId,
  canIssue,
  canVoid,
  onClose,
}: {
  invoiceId: string | null;
  canIssue: boolean;
  canVoid: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const invoice = useInvoiceDetail(invoiceId);
  const data = invoiceId !== null ? invoice.data : undefined;
  const title = data
    ? data.number
      ? t('studentDetail.invoice.title', { number: data.number })
      : t('studentDetail.invoice.draftTitle')
    : t('studentDetail.invoices.title');

  let body: ReactNode = null;
  if (invoiceId !== null && data) {
    body = <InvoiceBody key={invoiceId} invoice={data} canIssue={canIssue} canVoid={canVoid} />;
  } else if (invoiceId !== null && invoice.isError) {
    body = (
      <FormAlert>{errorMessage(invoice.error, t, t('studentDetail.invoice.loadError'))}</FormAlert>
    );
  } else if (invoiceId !== null) {
    body = <ListState tone="loading" title={t('studentDetail.invoice.loading')} />;
  }

  return (
    <Dialog
      open={invoiceId !== null}
      onClose={onClose}
      title={title}
      closeLabel={t('common.close')}
      size="lg"
    >
      {body}
    </Dialog>
  );
}

type Action = { kind: 'void' } | { kind: 'waive'; line: InvoiceLine } | null;

function InvoiceBody({
  invoice,
  canIssue,
  canVoid,
}: {
  invoice: InvoiceDetail;
  canIssue: boolean;
  canVoid: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const locale = language;
  const [action, setAction] = useState<Action>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const issue = useIssueInvoice();
  const voidInvoice = useVoidInvoice();
  const waive = useWaiveLateFee();
  const money = (amount: number) => formatMoney(amount, locale);
  const isVoid = invoice.status === 'void';

  async function issueNow() {
    if (issue.isPending) return;
    setFailure(null);
    try {
      const issued = await issue.mutateAsync({ invoiceId: invoice.id });
      setNotice(t('studentDetail.invoice.issued', { number: issued.number ?? '' }));
    } catch (error) {
      setFailure(errorMessage(error, t, t('studentDetail.invoice.failure')));
    }
  }

  const facts: [string, ReactNode][] = [
    [t('studentDetail.invoices.label'), invoice.label],
    [t('studentDetail.invoices.dueOn'), formatDate(invoice.dueOn, language)],
    [
      t('studentDetail.invoice.issuedAt'),
      invoice.issuedAt
        ? formatDateTime(invoice.issuedAt, language)
        : t('studentDetail.invoice.notIssued'),
    ],
  ];
  if (invoice.academicYear) {
    facts.push([t('studentDetail.invoice.year'), invoice.academicYear.label]);
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <InvoiceStatusBadges status={invoice.status} overdue={invoice.overdue} />
      </div>
      {notice ? (
        <p
          role="status"
          className="rounded-lg bg-green-50 px-3 py-2.5 text-sm font-medium text-green-800"
        >
          {notice}
        </p>
      ) : null}
      <FormAlert>{failure}</FormAlert>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <InvoiceLines
        lines={invoice.lines}
        canWaive={canIssue && !isVoid && action === null}
        onWaive={(line) => {
          setNotice(null);
          setAction({ kind: 'waive', line });
        }}
      />

      <dl className="ml-auto max-w-xs space-y-1 text-sm">
        {(
          [
            ['studentDetail.invoice.total', invoice.total],
            ['studentDetail.invoice.paid', invoice.paid],
            ['studentDetail.invoice.balance', invoice.balance],
          ] as const
        ).map(([key, amount]) => (
          <div key={key} className="flex justify-between gap-4">
            <dt className="text-slate-600">{t(key)}</dt>
            <dd className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
              {money(amount)}
            </dd>
          </div>
        ))}
      </dl>

      {isVoid ? (
        <div className="rounded-lg border border-violet-200 bg-violet-50 px-3 py-2.5 text-sm text-violet-900">
          {invoice.voidedAt ? (
            <p className="font-semibold">
              {t('studentDetail.invoice.voidedOn', {
                date: formatDateTime(invoice.voidedAt, language),
              })}
            </p>
          ) : null}
          {invoice.voidReason ? (
            <p>{t('studentDetail.invoice.voidReason', { reason: invoice.voidReason })}</p>
          ) : null}
        </div>
      ) : null}

      {action?.kind === 'void' ? (
        <ReasonForm
          description={
            <>
              <p className="font-semibold text-slate-900">{t('studentDetail.invoice.voidTitle')}</p>
              <p>{t('studentDetail.invoice.voidBody')}</p>
            </>
          }
          label={t('studentDetail.invoice.voidReasonLabel')}
          confirmLabel={t('studentDetail.invoice.voidConfirm')}
          pendingLabel={t('studentDetail.invoice.voidPending')}
          schema={voidInvoiceRequestSchema}
          pending={voidInvoice.isPending}
          cancelLabel={t('studentDetail.invoice.back')}
          onCancel={() => setAction(null)}
          onSubmit={async (reason) => {
            await voidInvoice.mutateAsync({ invoiceId: invoice.id, reason });
            setAction(null);
            setNotice(t('studentDetail.invoice.voided'));
          }}
        />
      ) : action?.kind === 'waive' ? (
        <ReasonForm
          description={t('studentDetail.invoice.waiveBody', {
            label: action.line.label,
            amount: money(action.line.amount),
          })}
          label={t('studentDetail.invoice.waiveReasonLabel')}
          confirmLabel={t('studentDetail.invoice.waiveConfirm')}
          pendingLabel={t('studentDetail.invoice.waivePending')}
          schema={waiveLineRequestSchema}
          pending={waive.isPending}
          cancelLabel={t('studentDetail.invoice.back')}
          onCancel={() => setAction(null)}
          onSubmit={async (reason) => {
            await waive.mutateAsync({ invoiceId: invoice.id, lineId: action.line.id, reason });
            setAction(null);
            setNotice(t('studentDetail.invoice.waivedDone'));
          }}
        />
      ) : (
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {canVoid && !isVoid ? (
            <ExplainedButton
              variant="secondary"
              className="border-red-700 text-red-700 hover:bg-red-50"
              disabledReason={invoice.paid > 0 ? BillingMessages.voidPaid : null}
              onClick={() => {
                setNotice(null);
                setAction({ kind: 'void' });
              }}
            >
              {t('studentDetail.invoice.void')}
            </ExplainedButton>
          ) : null}
          {canIssue && invoice.status === 'draft' ? (
            <Button disabled={issue.isPending} onClick={() => void issueNow()}>
              {issue.isPending
                ? t('studentDetail.invoice.issuing')
                : t('studentDetail.invoice.issue')}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
