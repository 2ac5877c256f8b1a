import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, UserPlus } from 'lucide-react';
import type { MemberItem, RoleItem } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { Button, ExplainedButton } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { MemberAvatar } from '../../app/layouts/member-avatar';
import { formatDateTime } from '../../lib/format';
import {
  pageCount,
  PAGE_SIZES,
  readChoice,
  readPage,
  readPageSize,
  useListParams,
} from '../../lib/list-params';
import { errorStatus } from '../../lib/error-message';
import { useMembers } from './team.api';
import type { MemberListParams, MemberStatus } from './team.api';
import { InviteMemberDialog } from './invite-member-dialog';
import { ChangeRoleDialog, MemberStatusDialog, withinReach } from './member-dialogs';

/** `?statut=` values (French, as the rest of the address) and the API's. */
const STATUS_PARAM: Record<string, MemberStatus> = {
  actif: 'active',
  inactif: 'inactive',
  invite: 'invited',
};
const PARAM_OF_STATUS: Record<MemberStatus, string> = {
  active: 'actif',
  inactive: 'inactif',
  invited: 'invite',
};
const STATUS_TONES: Record<MemberStatus, BadgeTone> = {
  active: 'green',
  inactive: 'grey',
  invited: 'yellow',
};
const DOT: Record<MemberStatus, string> = {
  active: 'bg-green-600',
  inactive: 'bg-slate-500',
  invited: 'bg-amber-500',
};
export const MEMBERS_PAGE_SIZE = 10;

/** The list state of the address: `?q=&statut=&page=&taille=`. */
export function readMemberParams(params: URLSearchParams): MemberListParams {
  const status = readChoice(params, 'statut', Object.keys(STATUS_PARAM));
  return {
    search: (params.get('q') ?? '').trim(),
    status: status ? (STATUS_PARAM[status] ?? null) : null,
    page: readPage(params),
    pageSize: readPageSize(params, MEMBERS_PAGE_SIZE),
  };
}

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status]}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${DOT[status]}`} />
      {t(`team.status.${status}`)}
    </Badge>
  );
}

/**
 * The school's members: search (name or e-mail), status filter and pages on the server, all in
 * the address. Members who may manage the team invite, change roles and (de)activate — other
 * members within their reach only, with the roles they may give (`RoleItem.assignable`).
 */
export function MembersSection({
  canManage,
  currentUserId,
  roles,
}: {
  canManage: boolean;
  currentUserId: string | undefined;
  roles: RoleItem[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [params, update] = useListParams();
  const list = readMemberParams(params);
  const members = useMembers(list);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [inviteRound, setInviteRound] = useState(0);
  const [roleTarget, setRoleTarget] = useState<MemberItem | null>(null);
  const [statusTarget, setStatusTarget] = useState<MemberItem | null>(null);

  const data = members.data;
  const pages = data ? pageCount(data.total, list.pageSize) : 1;

  // A page past the end (the list shrank, or an old link): go to the last one.
  const overshoot = data !== undefined && !members.isPlaceholderData && list.page > pages;
  useEffect(() => {
    if (overshoot) update({ page: pages === 1 ? null : pages }, { replace: true });
  }, [overshoot, pages, update]);

  const statusOptions = (['active', 'inactive', 'invited'] as const).map((status) => ({
    value: PARAM_OF_STATUS[status],
    label: t(`team.members.statusFilterOptions.${status}`),
  }));

  function openInvite() {
    setInviteRound((round) => round + 1); // a fresh, empty form each time
    setInviteOpen(true);
  }

  let body;
  if (members.isPending) {
    body = <ListState tone="loading" title={t('team.members.loading')} />;
  } else if (members.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('team.members.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void members.refetch()}
      >
        {errorStatus(members.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <ListState title={t('team.members.emptyTitle')}>{t('team.members.emptyHint')}</ListState>
    );
  } else {
    body = (
      <Table caption={t('team.members.caption')} layout="stack" busy={members.isPlaceholderData}>
        <THead>
          <Tr>
            <Th>{t('team.members.name')}</Th>
            <Th>{t('team.members.role')}</Th>
            <Th>{t('team.members.lastLogin')}</Th>
            <Th>{t('team.members.status')}</Th>
            {canManage ? (
              <Th>
                <span className="sr-only sm:not-sr-only">{t('team.members.actions')}</span>
              </Th>
            ) : null}
          </Tr>
        </THead>
        <TBody>
          {data.items.map((member) => {
            const self = member.userId === currentUserId;
            const reachable = withinReach(member, roles);
            const statusBlocker = self
              ? t('team.deactivate.self')
              : reachable
                ? null
                : t('team.deactivate.beyond');
            return (
              <Tr key={member.userId}>
                <Td className="max-md:pb-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <MemberAvatar name={member.name} avatarUrl={member.avatarUrl} />
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-slate-900">
                        {member.name}
                        {self ? (
                          <span className="ml-1.5 font-normal text-slate-600">
                            ({t('team.members.you')})
                          </span>
                        ) : null}
                      </p>
                      <p className="truncate text-slate-600">{member.email}</p>
                    </div>
                  </div>
                </Td>
                <Td label={t('team.members.role')}>
                  <span className="inline-flex items-center gap-1">
                    <Badge tone="brand">{member.role.name}</Badge>
                    {canManage && !self && reachable ? (
                      <button
                        type="button"
                        onClick={() => setRoleTarget(member)}
                        title={t('team.changeRole.label', { name: member.name })}
                        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-brand-700"
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        <span className="sr-only">
                          {t('team.changeRole.label', { name: member.name })}
                        </span>
                      </button>
                    ) : null}
                  </span>
                </Td>
                <Td label={t('team.members.lastLogin')} className="whitespace-nowrap">
                  {member.lastLoginAt ? (
                    <time dateTime={member.lastLoginAt}>
                      {formatDateTime(member.lastLoginAt, i18n.language)}
                    </time>
                  ) : (
                    <span className="text-slate-600">{t('team.members.never')}</span>
                  )}
                </Td>
                <Td label={t('team.members.status')}>
                  <MemberStatusBadge status={member.status} />
                </Td>
                {canManage ? (
                  <Td className="text-right max-md:pt-3">
                    {member.status === 'active' ? (
                      <ExplainedButton
                        variant="secondary"
                        size="sm"
                        className="max-md:w-full"
                        disabledReason={statusBlocker}
                        aria-label={t('team.deactivate.label', { name: member.name })}
                        onClick={() => setStatusTarget(member)}
                      >
                        {t('team.deactivate.button')}
                      </ExplainedButton>
                    ) : member.status === 'inactive' ? (
                      <ExplainedButton
                        variant="secondary"
                        size="sm"
                        className="max-md:w-full"
                        disabledReason={statusBlocker}
                        aria-label={t('team.reactivate.label', { name: member.name })}
                        onClick={() => setStatusTarget(member)}
                      >
                        {t('team.reactivate.button')}
                      </ExplainedButton>
                    ) : null}
                  </Td>
                ) : null}
              </Tr>
            );
          })}
        </TBody>
      </Table>
    );
  }

  return (
    <section aria-labelledby="membres-titre" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="membres-titre" className="text-xl font-bold text-slate-900">
          {t('team.members.title')}
          {data ? (
            <span className="ml-2 text-base font-medium text-slate-600">({data.total})</span>
          ) : null}
        </h2>
        {canManage ? (
          <Button onClick={openInvite} className="max-sm:w-full">
            <UserPlus aria-hidden="true" className="size-4" />
            {t('team.invite.button')}
          </Button>
        ) : null}
      </div>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <SearchField
          label={t('team.members.search')}
          placeholder={t('team.members.searchPlaceholder')}
          value={list.search}
          onSearch={(search) => update({ q: search, page: null }, { replace: true })}
        />
        <SelectField
          compact
          label={t('team.members.statusFilter')}
          placeholder={t('team.members.statusAll')}
          options={statusOptions}
          value={list.status ? PARAM_OF_STATUS[list.status] : ''}
          onChange={(event) => update({ statut: event.target.value, page: null })}
        />
      </div>

      {body}

      {data && data.total > 0 ? (
        <Pager
          page={Math.min(list.page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={list.pageSize}
          onPageChange={(page) => update({ page: page === 1 ? null : page })}
          pageSizes={PAGE_SIZES}
          onPageSizeChange={(size) =>
            update({ taille: size === MEMBERS_PAGE_SIZE ? null : size, page: null })
          }
        />
      ) : null}

      {canManage ? (
        <>
          <InviteMemberDialog
            key={inviteRound}
            open={inviteOpen}
            roles={roles}
            onClose={() => setInviteOpen(false)}
          />
          <ChangeRoleDialog member={roleTarget} roles={roles} onClose={() => setRoleTarget(null)} />
          <MemberStatusDialog member={statusTarget} onClose={() => setStatusTarget(null)} />
        </>
      ) : null}
    </section>
  );
}
