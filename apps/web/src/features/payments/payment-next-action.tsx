import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, ExternalLink, Smartphone } from 'lucide-react';
import { formatPhone } from '@ecolage/contracts';
import type { Payment } from '@ecolage/contracts';
import { Button, buttonClasses } from '../../components/ui/button';
import { InputField, TextareaField } from '../../components/ui/field';

type NextAction = NonNullable<Payment['nextAction']>;

/**
 * What the payer has to do while the payment waits: validate the push on their phone with
 * their secret code, open the payment link the school sends them, or scan a code.
 */
export function PaymentNextAction({
  action,
  payerPhone,
}: {
  action: NextAction;
  payerPhone: string | null;
}) {
  const { t } = useTranslation();
  if (action.type === 'await_push') {
    return (
      <div className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <Smartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {/* The provider's hint speaks to the payer (« votre téléphone »): staff read this. */}
        <p className="font-semibold">
          {payerPhone
            ? t('payments.live.awaitPush', { phone: formatPhone(payerPhone) })
            : t('payments.live.awaitPushNoPhone')}
        </p>
      </div>
    );
  }
  if (action.type === 'redirect') return <PaymentLink url={action.url} />;
  return (
    <TextareaField
      label={t('payments.live.qr')}
      readOnly
      rows={3}
      value={action.payload}
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}

/** The hosted payment page's address, to copy into a message to the payer or open here. */
function PaymentLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const messageId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <div className="space-y-3">
      <InputField
        label={t('payments.live.redirect')}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        aria-describedby={copy === 'idle' ? undefined : messageId}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={() => void copyLink()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('payments.live.copy')}
        </Button>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'ghost' })}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('payments.live.openLink')} <span className="sr-only">{t('payments.live.newTab')}</span>
        </a>
      </div>
      <p id={messageId} role="status" className="text-sm text-slate-700">
        {copy === 'copied'
          ? t('payments.live.copied')
          : copy === 'failed'
            ? t('payments.live.copyFailed')
            : null}
      </p>
    </div>
  );
}
