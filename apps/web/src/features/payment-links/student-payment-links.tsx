import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, MessageSquareText, QrCode } from 'lucide-react';
import { formatPhone } from '@ecolage/contracts';
import type { PaymentLink, StudentDetail } from '@ecolage/contracts';
import { ExplainedButton } from '../../components/ui/button';
import { InputField } from '../../components/ui/field';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { Card, Section } from '../students/student-ui';
import { usePaymentLink } from './payment-links.api';
import { StudentQrDialog } from './student-qr-dialog';
import { addFrenchStrings } from '../../i18n/add-strings';
import { paymentLinks } from '../../i18n/fr/payment-links';

addFrenchStrings(paymentLinks);

/** Writes the link to the clipboard; false when the browser refuses (no permission, no API). */
async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * « Paiement en ligne » of a student's page (request:payments): send the main payer their
 * payment link by SMS, copy it (to paste in a WhatsApp message), or show the student's QR code
 * to print. Without a main payer the actions say why they cannot run.
 */
export function StudentPaymentLinks({ student }: { student: StudentDetail }) {
  const { t, i18n } = useTranslation();
  const payer = student.guardians.find((guardian) => guardian.mainPayer);
  const link = usePaymentLink(student.id);
  const [copied, setCopied] = useState<PaymentLink | null>(null);
  const [showingQr, setShowingQr] = useState(false);
  const noPayer = payer ? null : t('paymentLinks.noPayer');
  const pending = link.isPending ? link.variables : null;

  function send() {
    link.mutate(true, {
      onSuccess: (answer) =>
        notify.success(
          t('paymentLinks.sent', {
            phone: answer.guardianPhone ? formatPhone(answer.guardianPhone) : '',
          }),
        ),
      onError: (error) => notify.error(errorMessage(error, t, t('paymentLinks.sendFailure'))),
    });
  }

  function copy() {
    link.mutate(false, {
      onSuccess: async (answer) => {
        setCopied(answer);
        if (await copyToClipboard(answer.url)) notify.success(t('paymentLinks.copied'));
        else notify.error(t('paymentLinks.copyBlocked'));
      },
      onError: (error) => notify.error(errorMessage(error, t, t('paymentLinks.copyFailure'))),
    });
  }

  return (
    <Section title={t('paymentLinks.title')}>
      <Card className="space-y-4">
        <p className="text-sm text-slate-700 sm:text-base">
          {payer
            ? t('paymentLinks.lead', { name: payer.fullName, phone: formatPhone(payer.phone) })
            : noPayer}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <ExplainedButton disabledReason={noPayer} disabled={pending !== null} onClick={send}>
            <MessageSquareText aria-hidden="true" className="size-4" />
            {pending === true ? t('paymentLinks.sending') : t('paymentLinks.send')}
          </ExplainedButton>
          <ExplainedButton
            variant="secondary"
            disabledReason={noPayer}
            disabled={pending !== null}
            onClick={copy}
          >
            <Copy aria-hidden="true" className="size-4" />
            {pending === false ? t('paymentLinks.copying') : t('paymentLinks.copy')}
          </ExplainedButton>
          <ExplainedButton
            variant="secondary"
            disabledReason={noPayer}
            onClick={() => setShowingQr(true)}
          >
            <QrCode aria-hidden="true" className="size-4" />
            {t('paymentLinks.qr')}
          </ExplainedButton>
        </div>
        {copied ? (
          <InputField
            label={t('paymentLinks.link')}
            value={copied.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            hint={t('paymentLinks.linkHint', {
              date: formatDate(copied.expiresAt, i18n.language),
              name: copied.guardianName,
            })}
          />
        ) : null}
      </Card>
      {showingQr ? <StudentQrDialog student={student} onClose={() => setShowingQr(false)} /> : null}
    </Section>
  );
}
