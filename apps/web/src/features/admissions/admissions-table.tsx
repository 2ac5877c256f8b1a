import { useTranslation } from 'react-i18next';
import { formatPhone } from '@ecolage/contracts';
import type { Admission, AdmissionStatus } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { formatDate, formatDateTime } from '../../lib/format';

const STATUS_TONES: Record<AdmissionStatus, BadgeTone> = {
  submitted: 'yellow',
  accepted: 'green',
  refused: 'red',
};

/**
 * The requests: when, who (with the matricule given to the student « En attente »), the
 * programme and level asked for (with the campaign that brought the request and the « Code
 * promo » typed, held, applied with its discount or released), how to reach them, the status, and « Accepter » / « Refuser »
 * for those still to examine (write:students) or who decided and why.
 */
export function AdmissionsTable({
  admissions,
  busy,
  canDecide,
  onAccept,
  onRefuse,
}: {
  admissions: Admission[];
  busy: boolean;
  canDecide: boolean;
  onAccept: (admission: Admission) => void;
  onRefuse: (admission: Admission) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const decisions = canDecide || admissions.some((admission) => admission.status !== 'submitted');

  return (
    <Table
      caption={t('admissions.table.caption')}
      layout="stack"
      minWidth="md:min-w-[60rem]"
      dense
      busy={busy}
    >
      <THead>
        <Tr>
          <Th>{t('admissions.table.date')}</Th>
          <Th>{t('admissions.table.name')}</Th>
          <Th>{t('admissions.table.programme')}</Th>
          <Th>{t('admissions.table.phone')}</Th>
          <Th>{t('admissions.table.email')}</Th>
          <Th>{t('admissions.table.status')}</Th>
          {decisions ? <Th>{t('admissions.table.action')}</Th> : null}
        </Tr>
      </THead>
      <TBody>
        {admissions.map((admission) => (
          <Tr key={admission.id}>
            <Td className="font-semibold whitespace-nowrap text-slate-900">
              <time dateTime={admission.createdAt}>
                {formatDateTime(admission.createdAt, language)}
              </time>
            </Td>
            <Td label={t('admissions.table.name')}>
              <span className="block font-semibold text-slate-900">{admission.fullName}</span>
              <span className="block text-xs text-slate-600">
                {t('admissions.table.matricule', { matricule: admission.matricule })}
              </span>
            </Td>
            <Td label={t('admissions.table.programme')}>
              {admission.programmeName} · {admission.levelName}
              {admission.campaignName ? (
                <span className="block text-xs text-slate-600">
                  {t('admissions.table.campaign', { name: admission.campaignName })}
                </span>
              ) : null}
              {admission.coupon ? (
                <span className="block text-xs text-slate-600">
                  {admission.coupon.status === 'applied'
                    ? t('admissions.table.couponApplied', {
                        code: admission.coupon.code,
                        amount: formatMoney(-admission.coupon.discount, language),
                      })
                    : t(`admissions.table.coupon_${admission.coupon.status}`, {
                        code: admission.coupon.code,
                      })}
                </span>
              ) : null}
            </Td>
            <Td label={t('admissions.table.phone')} className="whitespace-nowrap">
              <a href={`tel:${admission.phone}`} className="text-brand-700 hover:underline">
                {formatPhone(admission.phone)}
              </a>
            </Td>
            <Td label={t('admissions.table.email')} className="break-all">
              <a href={`mailto:${admission.email}`} className="text-brand-700 hover:underline">
                {admission.email}
              </a>
            </Td>
            <Td label={t('admissions.table.status')}>
              <Badge tone={STATUS_TONES[admission.status]}>
                {t(`admissions.status.${admission.status}`)}
              </Badge>
            </Td>
            {decisions ? (
              <Td label={t('admissions.table.action')}>
                {admission.status === 'submitted' ? (
                  canDecide ? (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        aria-label={t('admissions.accept.label', { name: admission.fullName })}
                        onClick={() => onAccept(admission)}
                      >
                        {t('admissions.accept.button')}
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('admissions.refuse.label', { name: admission.fullName })}
                        onClick={() => onRefuse(admission)}
                      >
                        {t('admissions.refuse.button')}
                      </Button>
                    </div>
                  ) : null
                ) : (
                  <span className="block text-sm text-slate-700">
                    {admission.decidedAt
                      ? t('admissions.table.decidedBy', {
                          name: admission.decidedBy ?? '—',
                          date: formatDate(admission.decidedAt, language),
                        })
                      : null}
                    {admission.refusalReason ? (
                      <span className="mt-1 block text-xs text-slate-600">
                        {t('admissions.table.reason', { reason: admission.refusalReason })}
                      </span>
                    ) : null}
                  </span>
                )}
              </Td>
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
