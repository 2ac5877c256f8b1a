import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GraduationCap } from 'lucide-react';
import { withdrawRequestSchema } from '@ecolage/contracts';
import type { Enrolment, StudentDetail } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { notify } from '../../components/ui/toaster';
import { formatDate } from '../../lib/format';
import { EnrolmentDialog } from './enrolment-dialog';
import { useWithdrawEnrolment } from './student-mutations.api';
import { ReasonDialog } from './student-reason';
import { Section } from './student-ui';

/**
 * « Inscriptions »: one row per school year (programme, level, status, date). write:students
 * enrols (« Inscrire ») and withdraws with a reason (the year's unpaid invoices are voided).
 */
export function StudentEnrolments({
  student,
  canWrite,
}: {
  student: StudentDetail;
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const [enrolling, setEnrolling] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Enrolment | null>(null);
  const withdraw = useWithdrawEnrolment();
  const enrolments = [...student.enrolments].sort((a, b) =>
    b.academicYear.label.localeCompare(a.academicYear.label),
  );

  async function submitWithdrawal(reason: string) {
    if (!withdrawing) return;
    const { invoicesVoided } = await withdraw.mutateAsync({
      enrolmentId: withdrawing.id,
      reason,
    });
    setWithdrawing(null);
    notify.success(t('studentDetail.enrolments.withdrawn', { count: invoicesVoided }));
  }

  return (
    <Section
      title={t('studentDetail.enrolments.title')}
      action={
        canWrite ? (
          <Button className="max-sm:w-full" onClick={() => setEnrolling(true)}>
            <GraduationCap aria-hidden="true" className="size-4" />
            {t('studentDetail.enrolments.enrol')}
          </Button>
        ) : null
      }
    >
      {enrolments.length === 0 ? (
        <ListState title={t('studentDetail.enrolments.empty')}>
          {t('studentDetail.enrolments.emptyHint')}
        </ListState>
      ) : (
        <Table caption={t('studentDetail.enrolments.caption')} layout="stack">
          <THead>
            <Tr>
              <Th>{t('studentDetail.enrolments.year')}</Th>
              <Th>{t('studentDetail.enrolments.programme')}</Th>
              <Th>{t('studentDetail.enrolments.level')}</Th>
              <Th>{t('studentDetail.enrolments.status')}</Th>
              <Th>{t('studentDetail.enrolments.date')}</Th>
              {canWrite ? (
                <Th>
                  <span className="sr-only">{t('studentDetail.enrolments.actions')}</span>
                </Th>
              ) : null}
            </Tr>
          </THead>
          <TBody>
            {enrolments.map((enrolment) => (
              <Tr key={enrolment.id}>
                <Td className="font-semibold text-slate-900">{enrolment.academicYear.label}</Td>
                <Td label={t('studentDetail.enrolments.programme')}>{enrolment.programme.name}</Td>
                <Td label={t('studentDetail.enrolments.level')}>{enrolment.level.name}</Td>
                <Td label={t('studentDetail.enrolments.status')}>
                  {enrolment.status === 'active' ? (
                    <Badge tone="green">{t('studentDetail.enrolments.active')}</Badge>
                  ) : (
                    <span className="inline-flex flex-col items-end gap-1 md:items-start">
                      <Badge tone="grey">{t('studentDetail.enrolments.withdrawn')}</Badge>
                      {enrolment.withdrawnAt ? (
                        <span className="text-xs text-slate-600">
                          {t('studentDetail.enrolments.withdrawnOn', {
                            date: formatDate(enrolment.withdrawnAt, language),
                          })}
                        </span>
                      ) : null}
                      {enrolment.withdrawalReason ? (
                        <span className="text-xs text-slate-600">
                          {t('studentDetail.enrolments.reason', {
                            reason: enrolment.withdrawalReason,
                          })}
                        </span>
                      ) : null}
                    </span>
                  )}
                </Td>
                <Td label={t('studentDetail.enrolments.date')} className="whitespace-nowrap">
                  <time dateTime={enrolment.enrolledAt}>
                    {formatDate(enrolment.enrolledAt, language)}
                  </time>
                </Td>
                {canWrite ? (
                  <Td className="text-right max-md:pt-3">
                    {enrolment.status === 'active' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        className="max-md:w-full"
                        aria-label={t('studentDetail.enrolments.withdrawLabel', {
                          year: enrolment.academicYear.label,
                          level: enrolment.level.name,
                        })}
                        onClick={() => setWithdrawing(enrolment)}
                      >
                        {t('studentDetail.enrolments.withdraw')}
                      </Button>
                    ) : null}
                  </Td>
                ) : null}
              </Tr>
            ))}
          </TBody>
        </Table>
      )}

      {canWrite && enrolling ? (
        <EnrolmentDialog student={student} onClose={() => setEnrolling(false)} />
      ) : null}
      {canWrite ? (
        <ReasonDialog
          open={withdrawing !== null}
          onClose={() => setWithdrawing(null)}
          title={t('studentDetail.enrolments.withdrawTitle', {
            year: withdrawing?.academicYear.label ?? '',
          })}
          description={t('studentDetail.enrolments.withdrawBody', {
            year: withdrawing?.academicYear.label ?? '',
            level: withdrawing?.level.name ?? '',
          })}
          label={t('studentDetail.enrolments.withdrawReason')}
          confirmLabel={t('studentDetail.enrolments.withdrawConfirm')}
          pendingLabel={t('studentDetail.enrolments.withdrawPending')}
          schema={withdrawRequestSchema}
          pending={withdraw.isPending}
          onSubmit={submitWithdrawal}
        />
      ) : null}
    </Section>
  );
}
