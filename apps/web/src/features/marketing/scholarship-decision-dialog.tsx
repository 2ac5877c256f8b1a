import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingMessages } from '@ecolage/contracts';
import type { Scholarship } from '@ecolage/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextareaField } from '../../components/ui/field';
import { notify } from '../../components/ui/toaster';
import { formatMoney } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { useDecideScholarship } from './scholarships.api';

/**
 * « Accorder » (confirmed) or « Refuser » (with its reason, required) a recommended scholarship
 * (grant:scholarships; the server refuses the member who recommended it).
 */
export function ScholarshipDecisionDialog({
  scholarship,
  decision,
  onClose,
}: {
  scholarship: Scholarship;
  decision: 'granted' | 'refused';
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const decide = useDecideScholarship();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const granting = decision === 'granted';
  const words = {
    name: scholarship.name,
    by: scholarship.recommendedBy,
    student: scholarship.student.fullName,
    year: scholarship.academicYear.label,
  };

  async function confirm() {
    if (decide.isPending) return;
    const text = reason.trim();
    if (!granting && text.length < 3) {
      setReasonError(BillingMessages.refusalReason);
      return;
    }
    try {
      const decided = await decide.mutateAsync({
        id: scholarship.id,
        decision,
        ...(granting ? {} : { reason: text }),
      });
      notify.success(
        granting
          ? t('scholarshipsTab.actions.granted', {
              amount: formatMoney(decided.amountApplied, i18n.language),
            })
          : t('scholarshipsTab.actions.refused'),
      );
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, t, t('scholarshipsTab.actions.failure')));
      onClose();
    }
  }

  return (
    <ConfirmDialog
      open
      title={t(
        granting ? 'scholarshipsTab.actions.grantTitle' : 'scholarshipsTab.actions.refuseTitle',
        words,
      )}
      confirmLabel={t(
        granting ? 'scholarshipsTab.actions.grant' : 'scholarshipsTab.actions.refuse',
      )}
      pendingLabel={t('scholarshipsTab.actions.pending')}
      cancelLabel={t('ui.cancel')}
      closeLabel={t('common.close')}
      pending={decide.isPending}
      tone={granting ? 'default' : 'danger'}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p>
        {t(
          granting ? 'scholarshipsTab.actions.grantBody' : 'scholarshipsTab.actions.refuseBody',
          words,
        )}
      </p>
      {granting ? null : (
        <TextareaField
          className="mt-3"
          name="refusalReason"
          label={t('scholarshipsTab.actions.refusalReason')}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
          error={reasonError}
        />
      )}
    </ConfirmDialog>
  );
}
