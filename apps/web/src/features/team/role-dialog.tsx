import { useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { createRoleRequestSchema } from '@ecolage/contracts';
import type { Permission, RoleItem } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { FormError, FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { useSession } from '../auth/session-store';
import { PERMISSION_GROUPS, permissionKey } from './permissions';
import { useCreateRole, useUpdateRole } from './team.api';

/** The longest role name (the contracts' rule); the input lets a little more be typed, then says so. */
const ROLE_NAME_MAX = 60;

/** What the form checks (the permissions are ticked apart, in the catalogue's groups). */
const roleFormSchema = createRoleRequestSchema.pick({ name: true, description: true });

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
  const create = useCreateRole();
  const update = useUpdateRole();
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
  const form = useSchemaForm(roleFormSchema, {
    defaultValues: { name: role?.name ?? '', description: role?.description ?? '' },
    messages: (t) => ({
      name: {
        required: t('team.roleForm.nameRequired'),
        tooLong: t('team.roleForm.nameTooLong'),
      },
      description: { tooLong: t('team.roleForm.descriptionTooLong') },
    }),
    // The 409 « name already taken » belongs under the name, in the reader's language.
    codes: { ROLE_NAME_TAKEN: 'name' },
  });

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

  async function saveRole(values: { name: string; description: string }) {
    // Catalogue order, whatever order the boxes were ticked in.
    const permissions = PERMISSION_GROUPS.flatMap((group) => group.permissions).filter(
      (permission) => granted.has(permission),
    );
    const body = { ...values, permissions };
    const saved = role
      ? await update.mutateAsync({ roleId: role.id, change: body })
      : await create.mutateAsync(body);
    onDone();
    notify.success(
      t(role ? 'team.roleForm.saved' : 'team.roleForm.created', { name: saved.name || body.name }),
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void form.submitWith(saveRole, t('ui.genericError'))(event)}
      className="space-y-5"
    >
      <FormError form={form} />
      <FormField
        form={form}
        name="name"
        ref={nameRef}
        label={t('team.roleForm.name')}
        autoComplete="off"
        maxLength={ROLE_NAME_MAX + 20}
      />
      <FormField
        form={form}
        name="description"
        control={TextareaField}
        label={t('team.roleForm.description')}
        rows={2}
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
        <FormSubmitButton
          form={form}
          label={role ? t('team.roleForm.save') : t('team.roleForm.create')}
          pendingLabel={t('team.roleForm.saving')}
        />
      </div>
    </form>
  );
}
