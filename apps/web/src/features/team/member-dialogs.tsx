import { useId, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberItem, RoleItem } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { checkFields, firstInvalid, normalizeEmail, serverFieldErrors } from '../auth/validation';
import type { FieldError, FieldErrors } from '../auth/validation';
import { useInviteMember, useUpdateMember } from './team.api';

const INVITE_FIELDS = ['name', 'email', 'roleId'] as const;
type InviteField = (typeof INVITE_FIELDS)[number];

function roleOptions(roles: RoleItem[] | undefined) {
  return (roles ?? []).map((role) => ({ value: role.id, label: role.name }));
}

/** Footer of a form dialog: Annuler, then the submit button tied to the form by its id. */
function FormFooter({
  formId,
  onCancel,
  submitLabel,
  pending,
}: {
  formId: string;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
      <Button variant="secondary" onClick={onCancel}>
        {t('ui.cancel')}
      </Button>
      <Button type="submit" form={formId} disabled={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}

/**
 * « Inviter un membre »: name, e-mail and role, checked in the browser (same rules as the
 * signup), then `POST /api/members/invitations`. An address that is already a member (409) or
 * a field the server refuses is shown under its field; anything else as a toast.
 */
export function InviteMemberDialog({
  open,
  roles,
  onClose,
}: {
  open: boolean;
  roles: RoleItem[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const invite = useInviteMember();
  const [values, setValues] = useState({ name: '', email: '', roleId: '' });
  const [errors, setErrors] = useState<FieldErrors<InviteField>>({});
  const [roleMissing, setRoleMissing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  function check(next: typeof values): FieldErrors<InviteField> {
    return checkFields({ name: next.name, email: next.email });
  }

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const field = event.target.name as InviteField;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Once shown, a message goes away as soon as the value is fixed.
    if (field === 'roleId') setRoleMissing(roleMissing && next.roleId === '');
    else if (errors[field]) setErrors((current) => ({ ...current, [field]: check(next)[field] }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    const form = event.currentTarget;
    const found = check(values);
    const noRole = values.roleId === '';
    setErrors(found);
    setRoleMissing(noRole);
    const invalid = firstInvalid(
      noRole ? { ...found, roleId: { text: '' } } : found,
      INVITE_FIELDS,
    );
    if (invalid) {
      (form.elements.namedItem(invalid) as HTMLElement | null)?.focus();
      return;
    }
    const email = normalizeEmail(values.email);
    setFormError(null);
    try {
      await invite.mutateAsync({ name: values.name.trim(), email, roleId: values.roleId });
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 409 && error.serverMessage) {
        setErrors({ email: { text: error.serverMessage } });
        (form.elements.namedItem('email') as HTMLElement | null)?.focus();
        return;
      }
      if (error instanceof ApiClientError && error.issues.length > 0) {
        const fromServer = serverFieldErrors(error.issues, INVITE_FIELDS);
        const first = firstInvalid(fromServer, INVITE_FIELDS);
        if (first) {
          setErrors(fromServer);
          (form.elements.namedItem(first) as HTMLElement | null)?.focus();
          return;
        }
      }
      setFormError(errorMessage(error, t, t('team.invite.failure')));
      return;
    }
    onClose();
    notify.success(t('team.invite.success', { email }));
  }

  const message = (error: FieldError | undefined) =>
    error ? ('key' in error ? t(`auth.validation.${error.key}`) : error.text) : undefined;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('team.invite.title')}
      description={t('team.invite.lead')}
      closeLabel={t('common.close')}
      initialFocus={nameRef}
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          pending={invite.isPending}
          submitLabel={invite.isPending ? t('team.invite.submitting') : t('team.invite.submit')}
        />
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>{formError}</FormAlert>
        <InputField
          ref={nameRef}
          label={t('team.invite.name')}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={onChange}
          error={message(errors.name)}
        />
        <InputField
          label={t('team.invite.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('team.invite.emailPlaceholder')}
          value={values.email}
          onChange={onChange}
          error={message(errors.email)}
        />
        <SelectField
          label={t('team.invite.role')}
          name="roleId"
          placeholder={roles ? t('team.invite.rolePlaceholder') : t('team.invite.rolesLoading')}
          options={roleOptions(roles)}
          value={values.roleId}
          onChange={onChange}
          error={roleMissing ? t('team.invite.roleRequired') : message(errors.roleId)}
        />
      </form>
    </Dialog>
  );
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
  const [roleId, setRoleId] = useState(member.role.id);
  const chosen = roles?.find((role) => role.id === roleId);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    if (roleId === member.role.id) {
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
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
      <p className="text-slate-700">{t('team.changeRole.current', { role: member.role.name })}</p>
      <SelectField
        ref={selectRef}
        label={t('team.changeRole.role')}
        name="roleId"
        options={roles ? roleOptions(roles) : [{ value: member.role.id, label: member.role.name }]}
        value={roleId}
        onChange={(event) => setRoleId(event.target.value)}
        hint={chosen?.description || undefined}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('ui.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('team.changeRole.submitting') : t('team.changeRole.submit')}
        </Button>
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
