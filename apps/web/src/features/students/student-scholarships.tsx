import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Award } from 'lucide-react';
import { BillingMessages } from '@ecolage/contracts';
import type { Scholarship, StudentDetail } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextareaField } from '../../components/ui/field';
import { ListState } from '../../components/ui/list-state';
import { notify } from '../../components/ui/toaster';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { ScholarshipDialog } from './scholarship-dialog';
import { useStudentScholarships } from './student-detail.api';
import { useDecideScholarship } from './student-mutations.api';
import { formatMoney } from '../../lib/amounts';
import { Card, ScholarshipStatusBadge, Section } from './student-ui';

type Decision = { scholarship: Scholarship; decision: 'granted' | 'refused' } | null;

/**
 * « Bourses » (read:invoices): each scholarship with its year, value, what it has taken off so
 * far and who recommended and decided it. issue:invoices recommends one; grant:scholarships
 * grants or refuses (with a reason) those recommended by someone else.
 */
export function StudentScholarships({
  student,
  canRecommend,
  canGrant,
  userId,
}: {
  student: StudentDetail;
  canRecommend: boolean;
  canGrant: boolean;
  /** The signed-in member: never decides what they recommended. */
  userId: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const locale = language;
  const scholarships = useStudentScholarships(student.id);
  const decide = useDecideScholarship();
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Decision>(null);
  const [refusalReason, setRefusalReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const money = (amount: number) => formatMoney(amount, locale);

  async function confirmDecision() {
    if (!pending || decide.isPending) return;
    const reason = refusalReason.trim();
    if (pending.decision === 'refused' && reason.length < 3) {
      setReasonError(BillingMessages.refusalReason);
      return;
    }
    try {
      await decide.mutateAsync({
        scholarshipId: pending.scholarship.id,
        decision: pending.decision,
        ...(pending.decision === 'refused' ? { reason } : {}),
      });
      setPending(null);
      notify.success(
        t(
          pending.decision === 'granted'
            ? 'studentDetail.scholarships.granted'
            : 'studentDetail.scholarships.refused',
        ),
      );
    } catch (error) {
      setPending(null);
      notify.error(errorMessage(error, t, t('ui.genericError')));
    }
  }

  let body;
  if (scholarships.isPending) {
    body = <ListState tone="loading" title={t('studentDetail.scholarships.loading')} />;
  } else if (scholarships.isError && !scholarships.data) {
    body = (
      <ListState
        tone="error"
        title={t('studentDetail.scholarships.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void scholarships.refetch()}
      >
        {errorStatus(scholarships.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (scholarships.data.items.length === 0) {
    body = (
      <ListState title={t('studentDetail.scholarships.empty')}>
        {t('studentDetail.scholarships.emptyHint')}
      </ListState>
    );
  } else {
    body = (
      <ul className="grid gap-3 md:grid-cols-2">
        {scholarships.data.items.map((scholarship) => (
          <li key={scholarship.id} aria-label={scholarship.name}>
            <Card className="h-full space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900">{scholarship.name}</h3>
                <ScholarshipStatusBadge status={scholarship.status} />
              </div>
              <p className="text-sm text-slate-700">
                <span className="font-semibold text-slate-900">
                  {scholarship.kind === 'percent'
                    ? t('studentDetail.scholarships.percent', { value: scholarship.value })
                    : money(scholarship.value)}
                </span>{' '}
                · {scholarship.academicYear.label}
              </p>
              <p className="text-sm text-slate-700">
                {t('studentDetail.scholarships.applied', {
                  amount: money(scholarship.amountApplied),
                })}
              </p>
              <p className="text-sm text-slate-700 italic">{scholarship.reason}</p>
              <p className="text-xs text-slate-600">
                {t('studentDetail.scholarships.recommendedBy', {
                  name: scholarship.recommendedBy,
                  date: formatDate(scholarship.createdAt, language),
                })}
              </p>
              {scholarship.decidedBy && scholarship.decidedAt ? (
                <p className="text-xs text-slate-600">
                  {t('studentDetail.scholarships.decidedBy', {
                    name: scholarship.decidedBy,
                    date: formatDate(scholarship.decidedAt, language),
                  })}
                </p>
              ) : null}
              {scholarship.refusalReason ? (
                <p className="text-xs text-slate-600">
                  {t('studentDetail.scholarships.refusalReasonShown', {
                    reason: scholarship.refusalReason,
                  })}
                </p>
              ) : null}
              {canGrant &&
              scholarship.status === 'recommended' &&
              scholarship.recommendedByUserId === userId ? (
                <p className="text-xs text-slate-600">
                  {t('studentDetail.scholarships.ownRecommendation')}
                </p>
              ) : null}
              {canGrant &&
              scholarship.status === 'recommended' &&
              scholarship.recommendedByUserId !== userId ? (
                <div className="flex flex-wrap gap-2 pt-1">
                  <Button
                    size="sm"
                    aria-label={t('studentDetail.scholarships.grantLabel', {
                      name: scholarship.name,
                    })}
                    onClick={() => setPending({ scholarship, decision: 'granted' })}
                  >
                    {t('studentDetail.scholarships.grant')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('studentDetail.scholarships.refuseLabel', {
                      name: scholarship.name,
                    })}
                    onClick={() => {
                      setRefusalReason('');
                      setReasonError(undefined);
                      setPending({ scholarship, decision: 'refused' });
                    }}
                  >
                    {t('studentDetail.scholarships.refuse')}
                  </Button>
                </div>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  const granting = pending?.decision === 'granted';
  return (
    <Section
      title={t('studentDetail.scholarships.title')}
      action={
        canRecommend ? (
          <Button className="max-sm:w-full" onClick={() => setCreating(true)}>
            <Award aria-hidden="true" className="size-4" />
            {t('studentDetail.scholarships.create')}
          </Button>
        ) : null
      }
    >
      {body}
      {canRecommend && creating ? (
        <ScholarshipDialog student={student} onClose={() => setCreating(false)} />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={t(
          granting
            ? 'studentDetail.scholarships.grantTitle'
            : 'studentDetail.scholarships.refuseTitle',
          {
            name: pending?.scholarship.name ?? '',
          },
        )}
        confirmLabel={t(
          granting ? 'studentDetail.scholarships.grant' : 'studentDetail.scholarships.refuse',
        )}
        pendingLabel={t('studentDetail.scholarships.pending')}
        cancelLabel={t('ui.cancel')}
        closeLabel={t('common.close')}
        pending={decide.isPending}
        tone={granting ? 'default' : 'danger'}
        onConfirm={() => void confirmDecision()}
      >
        <p>
          {t(
            granting
              ? 'studentDetail.scholarships.grantBody'
              : 'studentDetail.scholarships.refuseBody',
            {
              year: pending?.scholarship.academicYear.label ?? '',
            },
          )}
        </p>
        {granting ? null : (
          <TextareaField
            name="refusalReason"
            label={t('studentDetail.scholarships.refusalReason')}
            rows={3}
            maxLength={500}
            value={refusalReason}
            onChange={(event) => {
              setRefusalReason(event.target.value);
              setReasonError(undefined);
            }}
            error={reasonError}
          />
        )}
      </ConfirmDialog>
    </Section>
  );
}
