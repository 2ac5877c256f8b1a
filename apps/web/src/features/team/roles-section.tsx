import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Pencil, Plus, ShieldCheck, Trash2, Users } from 'lucide-react';
import type { RoleItem } from '@ecolage/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { Button, ExplainedButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListState } from '../../components/ui/list-state';
import { notify } from '../../components/ui/toaster';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { groupPermissions, permissionKey } from './permissions';
import { RoleDialog } from './role-dialog';
import { useDeleteRole } from './team.api';

/** Why a role cannot be deleted now, or null when it can. */
function deleteBlocker(role: RoleItem, t: TFunction): string | null {
  if (role.system) return t('team.roles.deleteSystem');
  if (role.memberCount > 0) return t('team.roles.deleteInUse', { count: role.memberCount });
  return null;
}

function RoleCard({
  role,
  canManage,
  onEdit,
  onDelete,
}: {
  role: RoleItem;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const groups = groupPermissions(role.permissions);
  const headingId = `role-${role.id}`;
  const blocker = deleteBlocker(role, t);
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-bold text-slate-900">
          {role.name}
        </h3>
        {role.system ? (
          <Badge tone="brand">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            {t('team.roles.system')}
          </Badge>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {role.description || (
          <span className="text-slate-500 italic">{t('team.roles.noDescription')}</span>
        )}
      </p>
      <p className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-800">
        <Users aria-hidden="true" className="size-4 text-slate-600" />
        {role.memberCount === 0
          ? t('team.roles.noMembers')
          : t('team.roles.members', { count: role.memberCount })}
      </p>
      {groups.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('team.roles.noPermissions')}</p>
      ) : (
        <details className="group mt-3 text-sm">
          <summary className="cursor-pointer rounded font-semibold text-brand-700 hover:underline">
            {t('team.roles.permissions', { count: role.permissions.length })}
          </summary>
          <div className="mt-2 space-y-3">
            {groups.map((group) => (
              <div key={group.key}>
                <p className="font-semibold text-slate-900">
                  {t(`team.permissionGroups.${group.key}`)}
                </p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
                  {group.permissions.map((permission) => (
                    <li key={permission}>{t(`team.permissions.${permissionKey(permission)}`)}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </details>
      )}
      <p className="mt-2 text-xs text-slate-600">
        {groups.map((group) => t(`team.permissionGroups.${group.key}`)).join(' · ')}
      </p>
      {canManage ? (
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button
            variant="secondary"
            size="sm"
            onClick={onEdit}
            aria-label={t('team.roles.editLabel', { name: role.name })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('team.roles.edit')}
          </Button>
          <ExplainedButton
            variant="ghost"
            size="sm"
            className={
              blocker ? 'text-slate-600 hover:bg-transparent' : 'text-red-700 hover:bg-red-50'
            }
            disabledReason={blocker}
            onClick={onDelete}
            aria-label={t('team.roles.deleteLabel', { name: role.name })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('team.roles.delete')}
          </ExplainedButton>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The school's roles: name, description, real member count and permissions grouped as in the
 * catalogue. With manage:roles: create, edit, and delete the roles nobody holds (the seven
 * base roles stay).
 */
export function RolesSection({
  canManage,
  roles,
}: {
  canManage: boolean;
  roles: UseQueryResult<RoleItem[]>;
}) {
  const { t } = useTranslation();
  const remove = useDeleteRole();
  const [editor, setEditor] = useState<{ open: boolean; role: RoleItem | null; round: number }>({
    open: false,
    role: null,
    round: 0,
  });
  const [toDelete, setToDelete] = useState<RoleItem | null>(null);

  const openEditor = (role: RoleItem | null) =>
    setEditor((current) => ({ open: true, role, round: current.round + 1 }));

  async function confirmDelete() {
    if (!toDelete || remove.isPending) return;
    const { id, name } = toDelete;
    // The dialog closes first: while it is open, the toasts behind it are inert.
    try {
      await remove.mutateAsync(id);
      setToDelete(null);
      notify.success(t('team.roles.deleted', { name }));
    } catch (error) {
      setToDelete(null);
      notify.error(errorMessage(error, t, t('ui.genericError')));
    }
  }

  let body;
  if (roles.isPending) {
    body = <ListState tone="loading" title={t('team.roles.loading')} />;
  } else if (roles.isError) {
    body = (
      <ListState
        tone="error"
        title={t('team.roles.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void roles.refetch()}
      >
        {errorStatus(roles.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (roles.data.length === 0) {
    body = <ListState title={t('team.roles.empty')} />;
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {roles.data.map((role) => (
          <RoleCard
            key={role.id}
            role={role}
            canManage={canManage}
            onEdit={() => openEditor(role)}
            onDelete={() => setToDelete(role)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="roles-titre" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="roles-titre" className="text-xl font-bold text-slate-900">
            {t('team.roles.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('team.roles.lead')}</p>
        </div>
        {canManage ? (
          <Button onClick={() => openEditor(null)} className="max-sm:w-full">
            <Plus aria-hidden="true" className="size-4" />
            {t('team.roles.new')}
          </Button>
        ) : null}
      </div>
      {body}
      {canManage ? (
        <>
          <RoleDialog
            key={editor.round}
            open={editor.open}
            role={editor.role}
            onClose={() => setEditor((current) => ({ ...current, open: false }))}
          />
          <ConfirmDialog
            open={toDelete !== null}
            onClose={() => setToDelete(null)}
            title={t('team.roles.deleteTitle', { name: toDelete?.name ?? '' })}
            confirmLabel={t('team.roles.deleteConfirm')}
            pendingLabel={t('team.roles.deletePending')}
            cancelLabel={t('ui.cancel')}
            closeLabel={t('common.close')}
            pending={remove.isPending}
            tone="danger"
            onConfirm={() => void confirmDelete()}
          >
            <p>{t('team.roles.deleteBody')}</p>
          </ConfirmDialog>
        </>
      ) : null}
    </section>
  );
}
