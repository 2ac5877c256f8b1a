import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Mail, Phone, UserPlus } from 'lucide-react';
import { formatPhone } from '@ecolage/contracts';
import type { StudentDetail, StudentGuardian } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListState } from '../../components/ui/list-state';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { AddGuardianDialog } from './guardian-dialog';
import { EditGuardianDialog } from './guardian-edit-dialog';
import { useUnlinkGuardian, useUpdateGuardianLink } from './student-mutations.api';
import { Card, Section } from './student-ui';

/**
 * « Responsables »: who answers for the student and pays, their family (other students they
 * are linked to), and, for write:students, add / main payer / edit / remove.
 */
export function StudentGuardians({
  student,
  canWrite,
}: {
  student: StudentDetail;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StudentGuardian | null>(null);
  const [unlinking, setUnlinking] = useState<StudentGuardian | null>(null);
  const updateLink = useUpdateGuardianLink(student.id);
  const unlink = useUnlinkGuardian(student.id);

  async function makeMainPayer(guardian: StudentGuardian) {
    if (updateLink.isPending) return;
    try {
      await updateLink.mutateAsync({ guardianId: guardian.id, change: { mainPayer: true } });
      notify.success(t('studentDetail.guardians.mainPayerSet', { name: guardian.fullName }));
    } catch (error) {
      notify.error(errorMessage(error, t, t('ui.genericError')));
    }
  }

  async function confirmUnlink() {
    if (!unlinking || unlink.isPending) return;
    const name = unlinking.fullName;
    try {
      await unlink.mutateAsync(unlinking.id);
      setUnlinking(null);
      notify.success(t('studentDetail.guardians.unlinked', { name }));
    } catch (error) {
      setUnlinking(null);
      notify.error(errorMessage(error, t, t('ui.genericError')));
    }
  }

  return (
    <Section
      title={t('studentDetail.guardians.title')}
      action={
        canWrite ? (
          <Button className="max-sm:w-full" onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t('studentDetail.guardians.add')}
          </Button>
        ) : null
      }
    >
      {student.guardians.length === 0 ? (
        <ListState title={t('studentDetail.guardians.empty')}>
          {t('studentDetail.guardians.emptyHint')}
        </ListState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {student.guardians.map((guardian) => (
            <li key={guardian.id} aria-label={guardian.fullName}>
              <Card className="h-full space-y-3">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-slate-900">{guardian.fullName}</h3>
                  <Badge tone="brand">{t(`studentDetail.relations.${guardian.relation}`)}</Badge>
                  {guardian.mainPayer ? (
                    <Badge tone="green">{t('studentDetail.guardians.mainPayer')}</Badge>
                  ) : null}
                </div>
                <ul className="space-y-1 text-sm text-slate-700">
                  <li className="flex items-center gap-1.5">
                    <Phone aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                    <span className="sr-only">{t('studentDetail.phone')}</span>
                    <a href={`tel:${guardian.phone}`} className="hover:underline">
                      {formatPhone(guardian.phone)}
                    </a>
                  </li>
                  {guardian.email ? (
                    <li className="flex min-w-0 items-center gap-1.5">
                      <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                      <span className="sr-only">{t('studentDetail.email')}</span>
                      <a href={`mailto:${guardian.email}`} className="break-all hover:underline">
                        {guardian.email}
                      </a>
                    </li>
                  ) : null}
                </ul>
                {guardian.otherStudents.length > 0 ? (
                  <p className="text-sm text-slate-700">
                    {t('studentDetail.guardians.family')}{' '}
                    {guardian.otherStudents.map((other, index) => (
                      <span key={other.id}>
                        {index > 0 ? ', ' : null}
                        <Link
                          to={`/admin/etudiants/${encodeURIComponent(other.id)}`}
                          className="font-semibold text-brand-700 hover:underline"
                        >
                          {other.fullName}
                        </Link>{' '}
                        <span className="text-slate-500">({other.matricule})</span>
                      </span>
                    ))}
                  </p>
                ) : null}
                {canWrite ? (
                  <div className="flex flex-wrap gap-2 pt-1">
                    {!guardian.mainPayer ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={updateLink.isPending}
                        aria-label={t('studentDetail.guardians.setMainPayerLabel', {
                          name: guardian.fullName,
                        })}
                        onClick={() => void makeMainPayer(guardian)}
                      >
                        {t('studentDetail.guardians.setMainPayer')}
                      </Button>
                    ) : null}
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('studentDetail.guardians.editLabel', {
                        name: guardian.fullName,
                      })}
                      onClick={() => setEditing(guardian)}
                    >
                      {t('studentDetail.guardians.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50"
                      aria-label={t('studentDetail.guardians.unlinkLabel', {
                        name: guardian.fullName,
                      })}
                      onClick={() => setUnlinking(guardian)}
                    >
                      {t('studentDetail.guardians.unlink')}
                    </Button>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}

      {canWrite ? (
        <>
          {adding ? <AddGuardianDialog student={student} onClose={() => setAdding(false)} /> : null}
          {editing ? (
            <EditGuardianDialog
              key={editing.id}
              studentId={student.id}
              guardian={editing}
              onClose={() => setEditing(null)}
            />
          ) : null}
          <ConfirmDialog
            open={unlinking !== null}
            onClose={() => setUnlinking(null)}
            title={t('studentDetail.guardians.unlinkTitle', { name: unlinking?.fullName ?? '' })}
            confirmLabel={t('studentDetail.guardians.unlinkConfirm')}
            pendingLabel={t('studentDetail.guardians.unlinkPending')}
            cancelLabel={t('ui.cancel')}
            closeLabel={t('common.close')}
            pending={unlink.isPending}
            tone="danger"
            onConfirm={() => void confirmUnlink()}
          >
            <p>
              {t('studentDetail.guardians.unlinkBody', {
                name: unlinking?.fullName ?? '',
                student: student.fullName,
              })}
            </p>
          </ConfirmDialog>
        </>
      ) : null}
    </Section>
  );
}
