import { useId, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessMessages } from '@ecolage/contracts';
import type { Permission, RoleItem } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog } from '../../components/ui/dialog';
import { InputField, TextareaField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { useSession } from '../auth/session-store';
import { PERMISSION_GROUPS, permissionKey } from './permissions';
import { useCreateRole, useUpdateRole } from './team.api';

export const ROLE_NAME_MAX = 60;
export const ROLE_DESCRIPTION_MAX = 300;

type RoleField = 'name' | 'description';
type RoleErrors = Partial<Record<RoleField, string>>;

/** What the browser refuses before sending (the contracts' rules, in the reader's language). */
export function checkRole(
  values: { name: string; description: string },
  messages: { nameRequired: string; nameTooLong: string; descriptionTooLong: string },
): RoleErrors {
  const errors: RoleErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = messages.nameRequired;
  else if (name.length > ROLE_NAME_MAX) errors.name = messages.nameTooLong;
  if (values.description.trim().length > ROLE_DESCRIPTION_MAX) {
    errors.description = messages.descriptionTooLong;
  }
  return errors;
}

/**
 * The field a refusal belongs under: a field issue of a 400, or the « name already taken »
 * conflict (the server's 409 carries no field, so its sentence is recognised).
 */
function fieldOfError(error: ApiClientError): { path: RoleField; message: string } | null {
  const issue = error.issues.find((item) => item.path === 'name' || item.path === 'description');
  if (issue) return { path: issue.path as RoleField, message: issue.message };
  if (error.status === 409 && error.serverMessage === AccessMessages.roleNameTaken) {
    return { path: 'name', message: error.serverMessage };
  }
  return null;
}

/**
 * « Nouveau rôle » and « Modifier le rôle »: a name (required, trimmed), a description and the
 * permissions of the catalogue as checkboxes, group by group, each group with a « Tout
 * sélectionner » box (checked, unchecked or mixed). A permission the member does not hold himself
 * cannot be granted (the server refuses it): its box is disabled unless the role already has it.
 */
export function RoleDialog({
  open,
  role,
  onClose,
}: {
  open: boolean;
  /** The role to edit; null for a new one. */
  role: RoleItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={
        role ? t('team.roleForm.editTitle', { name: role.name }) : t('team.roleForm.createTitle')
      }
      closeLabel={t('common.close')}
      initialFocus={nameRef}
    >
      <RoleForm key={role?.id ?? 'new'} role={role} nameRef={nameRef} onDone={onClose} />
    </Dialog>
  );
}

function RoleForm({
  role,
  nameRef,
  onDone,
}: {
  role: RoleItem | null;
  nameRef: RefObject<HTMLInputElement | null>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateRole();
  const update = useUpdateRole();
  const pending = create.isPending || update.isPending;
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [granted, setGranted] = useState<ReadonlySet<Permission>>(
    () => new Set(role?.permissions ?? []),
  );
  const session = useSession();
  const grantable = (permission: Permission) =>
    (session?.permissions.includes(permission) ?? false) ||
    (role?.permissions.includes(permission) ?? false);
  const someNotGrantable = PERMISSION_GROUPS.some((group) =>
    group.permissions.some((permission) => !grantable(permission)),
  );
  const [errors, setErrors] = useState<RoleErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const messages = {
    nameRequired: t('team.roleForm.nameRequired'),
    nameTooLong: t('team.roleForm.nameTooLong'),
    descriptionTooLong: t('team.roleForm.descriptionTooLong'),
  };

  function toggle(permissions: readonly Permission[], on: boolean) {
    setGranted((current) => {
      const next = new Set(current);
      for (const permission of permissions) {
        if (on && grantable(permission)) next.add(permission);
        else next.delete(permission);
      }
      return next;
    });
  }

  function recheck(field: RoleField, values: { name: string; description: string }) {
    if (errors[field])
      setErrors((current) => ({ ...current, [field]: checkRole(values, messages)[field] }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const found = checkRole({ name, description }, messages);
    setErrors(found);
    const invalid = (['name', 'description'] as const).find((field) => found[field]);
    if (invalid) {
      (form.elements.namedItem(invalid) as HTMLElement | null)?.focus();
      return;
    }
    // Catalogue order, whatever order the boxes were ticked in.
    const permissions = PERMISSION_GROUPS.flatMap((group) => group.permissions).filter(
      (permission) => granted.has(permission),
    );
    const body = { name: name.trim(), description: description.trim(), permissions };
    setFormError(null);
    let saved: RoleItem;
    try {
      saved = role
        ? await update.mutateAsync({ roleId: role.id, change: body })
        : await create.mutateAsync(body);
    } catch (error) {
      const field = error instanceof ApiClientError ? fieldOfError(error) : null;
      if (field) {
        setErrors({ [field.path]: field.message });
        (form.elements.namedItem(field.path) as HTMLElement | null)?.focus();
        return;
      }
      setFormError(errorMessage(error, t, t('ui.genericError')));
      return;
    }
    onDone();
    notify.success(
      t(role ? 'team.roleForm.saved' : 'team.roleForm.created', { name: saved.name || body.name }),
    );
  }

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-5"
    >
      <FormAlert>{formError}</FormAlert>
      <InputField
        ref={nameRef}
        label={t('team.roleForm.name')}
        name="name"
        autoComplete="off"
        maxLength={ROLE_NAME_MAX + 20}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          recheck('name', { name: event.target.value, description });
        }}
        error={errors.name}
      />
      <TextareaField
        label={t('team.roleForm.description')}
        name="description"
        rows={2}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          recheck('description', { name, description: event.target.value });
        }}
        error={errors.description}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          {t('team.roleForm.permissions')}
        </legend>
        <p className="mt-0.5 text-sm text-slate-600" aria-live="polite">
          {t('team.roleForm.selected', { count: granted.size })}
        </p>
        {someNotGrantable ? (
          <p className="mt-0.5 text-sm text-slate-600">{t('team.roleForm.notHeld')}</p>
        ) : null}
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          {PERMISSION_GROUPS.map((group) => {
            const groupName = t(`team.permissionGroups.${group.key}`);
            const count = group.permissions.filter((permission) => granted.has(permission)).length;
            const all = count === group.permissions.length;
            const open = group.permissions.some(grantable);
            return (
              <fieldset key={group.key} className="rounded-xl border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-900">{groupName}</legend>
                <Checkbox
                  label={<span className="font-medium">{t('team.roleForm.selectAll')}</span>}
                  aria-label={t('team.roleForm.selectAllIn', { group: groupName })}
                  checked={all}
                  disabled={!open}
                  indeterminate={count > 0 && !all}
                  onChange={(event) => toggle(group.permissions, event.target.checked)}
                  wrapperClassName="border-b border-slate-100 pb-2"
                />
                <ul className="mt-2 space-y-2">
                  {group.permissions.map((permission) => (
                    <li key={permission}>
                      <Checkbox
                        label={t(`team.permissions.${permissionKey(permission)}`)}
                        name="permissions"
                        value={permission}
                        checked={granted.has(permission)}
                        disabled={!grantable(permission)}
                        onChange={(event) => toggle([permission], event.target.checked)}
                      />
                    </li>
                  ))}
                </ul>
              </fieldset>
            );
          })}
        </div>
      </fieldset>
      {/* Stays in sight at the bottom of the dialog while the permissions scroll. */}
      <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-col-reverse gap-3 border-t border-slate-200 bg-white px-6 pt-4 pb-6 sm:-mx-8 sm:-mb-8 sm:flex-row sm:justify-end sm:px-8 sm:pb-8">
        <Button variant="secondary" onClick={onDone}>
          {t('ui.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending
            ? t('team.roleForm.saving')
            : role
              ? t('team.roleForm.save')
              : t('team.roleForm.create')}
        </Button>
      </div>
    </form>
  );
}
