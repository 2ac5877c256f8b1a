import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Check, FileText, X } from 'lucide-react';
import type { Scholarship, ScholarshipStatus } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { formatDate, formatNumber } from '../../lib/format';
import { RowMenu } from '../automations/row-menu';
import type { RowMenuItem } from '../automations/row-menu';

export type ScholarshipMenuAction = 'grant' | 'refuse' | 'effect';

const ICONS: Record<ScholarshipMenuAction, RowMenuItem['icon']> = {
  grant: <Check aria-hidden="true" className="size-4" />,
  refuse: <X aria-hidden="true" className="size-4" />,
  effect: <FileText aria-hidden="true" className="size-4" />,
};

const STATUS_TONES: Record<ScholarshipStatus, BadgeTone> = {
  recommended: 'yellow',
  granted: 'green',
  refused: 'red',
};

export function ScholarshipStatusPill({ status }: { status: ScholarshipStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status]}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`scholarshipsTab.statuses.${status}`)}
    </Badge>
  );
}

/**
 * What the « Action » menu offers: the effect on the invoices always; grant and refuse to a
 * member holding grant:scholarships, on a recommended scholarship they did not recommend.
 */
export function scholarshipMenuActions(
  scholarship: Scholarship,
  canGrant: boolean,
  userId: string | undefined,
): ScholarshipMenuAction[] {
  const decides =
    canGrant &&
    scholarship.status === 'recommended' &&
    scholarship.recommendedByUserId !== (userId ?? null);
  return decides ? ['grant', 'refuse', 'effect'] : ['effect'];
}

/**
 * Étudiant (name, matricule, link to the student's page), Programme, Bourse (and its year),
 * Montant « 25 % » or FCFA with « déduit : X FCFA », Statut (with the refusal's reason),
 * Recommandé par, Décidé par, and the « Action » menu. Below 768 px each row is a card.
 */
export function ScholarshipsTable({
  scholarships,
  busy,
  canGrant,
  userId,
  onAction,
}: {
  scholarships: Scholarship[];
  busy: boolean;
  canGrant: boolean;
  userId: string | undefined;
  onAction: (action: ScholarshipMenuAction, scholarship: Scholarship) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  return (
    <Table
      caption={t('scholarshipsTab.table.caption')}
      layout="stack"
      busy={busy}
      minWidth="md:min-w-[64rem]"
      dense
    >
      <THead>
        <Tr>
          <Th>{t('scholarshipsTab.table.student')}</Th>
          <Th>{t('scholarshipsTab.table.programme')}</Th>
          <Th>{t('scholarshipsTab.table.scholarship')}</Th>
          <Th className="text-right">{t('scholarshipsTab.table.amount')}</Th>
          <Th>{t('scholarshipsTab.table.status')}</Th>
          <Th>{t('scholarshipsTab.table.recommendedBy')}</Th>
          <Th>{t('scholarshipsTab.table.decidedBy')}</Th>
          <Th className="text-right">{t('scholarshipsTab.table.action')}</Th>
        </Tr>
      </THead>
      <TBody>
        {scholarships.map((scholarship) => (
          <Tr key={scholarship.id}>
            <Td>
              <Link
                to={`/admin/etudiants/${encodeURIComponent(scholarship.student.id)}`}
                className="font-semibold text-brand-800 underline-offset-2 hover:underline"
              >
                {scholarship.student.fullName}
              </Link>
              <span className="block text-xs text-slate-600">{scholarship.student.matricule}</span>
            </Td>
            <Td label={t('scholarshipsTab.table.programme')}>
              {scholarship.programme ?? (
                <span className="text-slate-600">{t('scholarshipsTab.table.noProgramme')}</span>
              )}
            </Td>
            <Td label={t('scholarshipsTab.table.scholarship')}>
              {scholarship.name}
              <span className="block text-xs text-slate-600">{scholarship.academicYear.label}</span>
            </Td>
            <Td label={t('scholarshipsTab.table.amount')} className="text-right tabular-nums">
              <span className="font-semibold whitespace-nowrap text-slate-900">
                {scholarship.kind === 'percent'
                  ? t('scholarshipsTab.table.percent', {
                      value: formatNumber(scholarship.value, language),
                    })
                  : formatMoney(scholarship.value, language)}
              </span>
              <span className="block text-xs whitespace-nowrap text-slate-600">
                {t('scholarshipsTab.table.deducted', {
                  amount: formatMoney(scholarship.amountApplied, language),
                })}
              </span>
            </Td>
            <Td label={t('scholarshipsTab.table.status')}>
              <ScholarshipStatusPill status={scholarship.status} />
              {scholarship.refusalReason ? (
                <span className="mt-1 block max-w-56 text-xs text-slate-700">
                  {t('scholarshipsTab.table.refusal', { reason: scholarship.refusalReason })}
                </span>
              ) : null}
            </Td>
            <Td label={t('scholarshipsTab.table.recommendedBy')}>
              {scholarship.recommendedBy}
              <span className="block text-xs text-slate-600">
                {formatDate(scholarship.createdAt, language)}
              </span>
            </Td>
            <Td label={t('scholarshipsTab.table.decidedBy')}>
              {scholarship.decidedBy && scholarship.decidedAt ? (
                <>
                  {scholarship.decidedBy}
                  <span className="block text-xs text-slate-600">
                    {formatDate(scholarship.decidedAt, language)}
                  </span>
                </>
              ) : (
                <span className="text-slate-600">{t('scholarshipsTab.table.notDecided')}</span>
              )}
            </Td>
            <Td className="text-right">
              <RowMenu
                label={t('scholarshipsTab.actions.label', {
                  name: scholarship.name,
                  student: scholarship.student.fullName,
                })}
                items={scholarshipMenuActions(scholarship, canGrant, userId).map((action) => ({
                  key: action,
                  label: t(`scholarshipsTab.actions.${action}`),
                  icon: ICONS[action],
                  danger: action === 'refuse',
                  onSelect: () => onAction(action, scholarship),
                }))}
              />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
