import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { TicketPercent } from 'lucide-react';
import type { AppliedCoupon, InvoiceItem } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { InputField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select';
import { formatMoney } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { useApplyDeskCoupon } from './cash-desk.api';

/** « Facture FAC-2026-0012 · Scolarité — tranche 1 (45 000 FCFA) ». */
function invoiceOption(invoice: InvoiceItem, language: string, t: TFunction) {
  return t('cashDesk.coupon.invoiceOption', {
    number: invoice.number ?? '—',
    label: invoice.label,
    balance: formatMoney(invoice.balance, language),
  });
}

/**
 * « Appliquer un coupon », before taking the money: the code a parent hands the cashier, on one of
 * the invoices offered (the first chosen one unless the cashier picks another). The invoice's new
 * balance comes back with the student's invoices, and the amount to take follows it. Not a form
 * of its own (it sits inside the payment's): Enter in the code applies it, never records the
 * payment. The server's refusal is read out by the field, which keeps the focus.
 */
export function DeskCoupon({
  invoices,
  chosenIds,
}: {
  invoices: readonly InvoiceItem[];
  chosenIds: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const apply = useApplyDeskCoupon();
  const panelId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);

  // The cashier's pick while it is still offered; else the first chosen invoice, else the oldest.
  const invoiceId =
    invoices.find((invoice) => invoice.id === picked)?.id ??
    invoices.find((invoice) => chosenIds.includes(invoice.id))?.id ??
    invoices[0]?.id ??
    '';

  async function send() {
    if (apply.isPending) return;
    const typed = code.trim();
    if (!typed) {
      setError(t('cashDesk.coupon.codeRequired'));
      codeRef.current?.focus();
      return;
    }
    setError(null);
    setApplied(null);
    try {
      setApplied(await apply.mutateAsync({ invoiceId, code: typed }));
      setCode('');
    } catch (refusal) {
      setError(errorMessage(refusal, t, t('cashDesk.coupon.failure')));
      codeRef.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Inside the payment's form: Enter applies the code, it does not take the money.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void send();
  }

  if (invoices.length === 0) return null;
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        <TicketPercent aria-hidden="true" className="size-4" />
        {t('cashDesk.coupon.toggle')}
      </Button>
      <div
        id={panelId}
        role="group"
        aria-label={t('cashDesk.coupon.toggle')}
        hidden={!open}
        className="mt-3 space-y-3"
      >
        {invoices.length > 1 ? (
          <SelectField
            label={t('cashDesk.coupon.invoice')}
            value={invoiceId}
            onChange={(event) => {
              setPicked(event.target.value);
              setError(null);
            }}
            wrapperClassName="sm:w-2/3"
            options={invoices.map((invoice) => ({
              value: invoice.id,
              label: invoiceOption(invoice, language, t),
            }))}
          />
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <InputField
            ref={codeRef}
            label={t('cashDesk.coupon.code')}
            hint={
              invoices.length > 1
                ? undefined
                : t('cashDesk.coupon.onInvoice', {
                    invoice: invoiceOption(invoices[0]!, language, t),
                  })
            }
            wrapperClassName="sm:w-1/2"
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setError(null);
            }}
            onKeyDown={onKeyDown}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={30}
            error={error ? <span role="alert">{error}</span> : undefined}
          />
          <Button
            type="button"
            variant="secondary"
            className="sm:mt-7"
            onClick={() => void send()}
            disabled={apply.isPending}
            aria-busy={apply.isPending || undefined}
          >
            {apply.isPending ? t('cashDesk.coupon.applying') : t('cashDesk.coupon.apply')}
          </Button>
        </div>
        {applied ? (
          <p
            role="status"
            className="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900 tabular-nums"
          >
            {t('cashDesk.coupon.applied', {
              label: applied.label,
              number: applied.invoiceNumber ?? '—',
              discount: formatMoney(applied.discount, language),
              balance: formatMoney(applied.balance, language),
            })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
