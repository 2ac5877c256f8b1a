import { useTranslation } from 'react-i18next';
import type { OperatorKycStatus } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';

const kycTones: Record<OperatorKycStatus, BadgeTone> = {
  a_envoyer: 'grey',
  soumis: 'yellow',
  valide: 'green',
  refuse: 'red',
};

/** A school's KYC as one word (« À examiner » in yellow, « Validé » in green…). */
export function KycBadge({ status }: { status: OperatorKycStatus }) {
  const { t } = useTranslation();
  return <Badge tone={kycTones[status]}>{t(`operator.kyc.${status}`)}</Badge>;
}

const documentTones = { soumis: 'yellow', valide: 'green', refuse: 'red' } as const;

export function DocumentBadge({ status }: { status: 'soumis' | 'valide' | 'refuse' }) {
  const { t } = useTranslation();
  return (
    <Badge tone={documentTones[status]}>{t(`operator.school.documentStatus.${status}`)}</Badge>
  );
}
