import { useRef } from 'react';
import type { RefObject } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateMemberRequestSchema } from '@ecolage/contracts';
import type { MemberItem, RoleItem } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { useUpdateMember } from './team.api';

/** The roles the member may give (the server says which), as the choices of a select. */
export function roleOptions(roles: RoleItem[] | undefined) {
  return (roles ?? [])
    .filter((role) => role.assignable)
    .map((role) => ({ value: role.id, label: role.name }));
}

/**
 * True when the signed-in member may change this member's role or status: not himself (for the
 * role), and the member's role holds no permission he lacks — the server is the authority.
 */
export function withinReach(member: MemberItem, roles: RoleItem[] | undefined): boolean {
  return roles?.find((role) => role.id === member.role.id)?.assignable ?? false;
}

/** Changes a member's role (`PATCH /api/members/:id {roleId}`); a refusal (409) is a toast. */
export function ChangeRoleDialog({
  member,
  roles,
  onClose,
}: {
  member: MemberItem | null;
  roles: RoleItem[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const selectRef = useRef<HTMLSelectElement>(null);
  return (
    <Dialog
      open={member !== null}
      onClose={onClose}
      title={member ? t('team.changeRole.title', { name: member.name }) : ''}
      closeLabel={t('common.close')}
      initialFocus={selectRef}
    >
      {member ? (
        <ChangeRoleForm
          key={member.userId}
          member={member}
          roles={roles}
          selectRef={selectRef}
          onDone={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function ChangeRoleForm({
  member,
  roles,
  selectRef,
  onDone,
}: {
  member: MemberItem;
  roles: RoleItem[] | undefined;
  selectRef: RefObject<HTMLSelectElement | null>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateMember();
  const form = useSchemaForm(updateMemberRequestSchema, {
    defaultValues: { roleId: member.role.id },
  });
  const roleId = useWatch({ control: form.control, name: 'roleId' });
  const chosen = roles?.find((role) => role.id === roleId);

  async function changeRole({ roleId }: { roleId?: string | undefined }) {
    if (roleId === undefined || roleId === member.role.id) {
      onDone();
      return;
    }
    // The dialog closes first: while it is open, the toasts behind it are inert.
    try {
      await update.mutateAsync({ userId: member.userId, change: { roleId } });
    } catch (error) {
      onDone();
      notify.error(errorMessage(error, t, t('ui.genericError')));
      return;
    }
    onDone();
    notify.success(
      t('team.changeRole.success', { name: member.name, role: chosen?.name ?? member.role.name }),
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void form.submitWith(changeRole, t('ui.genericError'))(event)}
      className="space-y-4"
    >
      <p className="text-slate-700">{t('team.changeRole.current', { role: member.role.name })}</p>
      <FormField
        form={form}
        name="roleId"
        ref={selectRef}
        control={SelectField}
        label={t('team.changeRole.role')}
        options={roles ? roleOptions(roles) : [{ value: member.role.id, label: member.role.name }]}
        hint={chosen?.description || undefined}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('ui.cancel')}
        </Button>
        <FormSubmitButton
          form={form}
          label={t('team.changeRole.submit')}
          pendingLabel={t('team.changeRole.submitting')}
        />
      </div>
    </form>
  );
}

/** Deactivates an active member or reactivates an inactive one, after a confirmation. */
export function MemberStatusDialog({
  member,
  onClose,
}: {
  member: MemberItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateMember();
  const action = member?.status === 'inactive' ? 'reactivate' : 'deactivate';
  const name = member?.name ?? '';

  async function confirm() {
    if (!member || update.isPending) return;
    // The dialog closes first: while it is open, the toasts behind it are inert.
    try {
      await update.mutateAsync({
        userId: member.userId,
        change: { status: action === 'reactivate' ? 'active' : 'inactive' },
      });
      onClose();
      notify.success(t(`team.${action}.success`, { name }));
    } catch (error) {
      onClose();
      notify.error(errorMessage(error, t, t('ui.genericError')));
    }
  }

  return (
    <ConfirmDialog
      open={member !== null}
      onClose={onClose}
      title={t(`team.${action}.title`, { name })}
      confirmLabel={t(`team.${action}.confirm`)}
      pendingLabel={t(`team.${action}.pending`)}
      cancelLabel={t('ui.cancel')}
      closeLabel={t('common.close')}
      pending={update.isPending}
      tone={action === 'deactivate' ? 'danger' : 'default'}
      onConfirm={() => void confirm()}
    >
      <p>{t(`team.${action}.body`, { name, role: member?.role.name ?? '' })}</p>
    </ConfirmDialog>
  );
}
