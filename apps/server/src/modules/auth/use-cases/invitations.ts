import type { AcceptInvitationRequest, InviteMemberRequest, MemberItem } from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import { activateInvitedMember, addInvitedMember, getMemberAccess } from '../../access';
import { recordAuditEntry } from '../../audit';
import { queueEmail, type OutboundMessage } from '../../messaging';
import { currentMemberLimit, findOrganizationsByIds, lockSchoolRow } from '../../organizations';
import {
  findInvitation,
  findUserByEmail,
  findUserById,
  insertInvitation,
  insertUser,
  markInvitationAccepted,
  updateUser,
} from '../auth.repository';
import type { Invitation, User } from '../auth.tables';
import { countSeatsTaken } from '../members.reads';
import { newSecret, parseToken, secretMatches } from '../one-time-token';
import { hashPassword, verifyPassword } from '../password';
import { avatarUrl } from '../session';

const INVITATION_DAYS = 7;
/** An invited person with no account yet has no password: nothing verifies against it. */
const NO_PASSWORD = '';

export interface InviteContext {
  organizationId: string;
  inviter: { userId: string; name: string };
  ip: string | null;
  userAgent: string | null;
  baseUrl: string;
}

/**
 * Invites someone by e-mail into the school with a role: their account (created if new), a
 * membership « Invitation en attente », a 7-day link, and the e-mail in the outbox.
 */
export async function inviteMember(
  db: Database,
  request: InviteMemberRequest,
  context: InviteContext,
): Promise<{ member: MemberItem; email: OutboundMessage }> {
  return db.transaction(async (tx) => {
    await requireFreeSeat(tx, context.organizationId);
    // An invitation of the same address sent at the same instant may create the account first:
    // this insert then waits for it, inserts nothing, and the account is read again.
    const user =
      (await findUserByEmail(tx, request.email)) ??
      (await insertUser(tx, {
        email: request.email,
        name: request.name,
        passwordHash: NO_PASSWORD,
      })) ??
      (await findUserByEmail(tx, request.email));
    if (!user) throw new Error('invited account not created');
    const actor = {
      type: 'user' as const,
      userId: context.inviter.userId,
      label: context.inviter.name,
    };
    const { roleName } = await addInvitedMember(
      tx,
      {
        organizationId: context.organizationId,
        userId: user.id,
        roleId: request.roleId,
        userLabel: user.name,
      },
      { actor, ip: context.ip, userAgent: context.userAgent },
    );
    const { secret, hash } = newSecret();
    const invitation = await insertInvitation(tx, {
      organizationId: context.organizationId,
      userId: user.id,
      invitedBy: context.inviter.userId,
      secretHash: hash,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    });
    const [school] = await findOrganizationsByIds(tx, [context.organizationId]);
    const link = `${context.baseUrl}/invitation?token=${invitation.id}.${secret}`;
    const email = await queueEmail(tx, {
      organizationId: context.organizationId,
      to: user.email,
      subject: `${context.inviter.name} vous invite sur Écolage (${school?.name ?? 'votre école'})`,
      text: [
        `Bonjour ${request.name},`,
        '',
        `${context.inviter.name} vous invite à rejoindre ${school?.name ?? 'son école'} sur Écolage, avec le rôle « ${roleName} ».`,
        `Pour accepter, ouvrez ce lien (valable ${INVITATION_DAYS} jours) :`,
        link,
        '',
        "L'équipe Écolage",
      ].join('\n'),
      template: 'member_invitation',
      metadata: { invitationId: invitation.id },
    });
    return {
      email,
      member: {
        userId: user.id,
        name: user.name,
        email: user.email,
        avatarUrl: avatarUrl(user),
        role: { id: request.roleId, name: roleName },
        status: 'invited',
        lastLoginAt: null,
        since: invitation.createdAt.toISOString(),
      },
    };
  });
}

/**
 * The plan's users (Découverte: 5, active members and pending invitations): the school's row is
 * locked first, so two invitations for the last seat cannot both pass.
 */
async function requireFreeSeat(tx: Transaction, organizationId: string): Promise<void> {
  const school = await lockSchoolRow(tx, organizationId);
  const limit = await currentMemberLimit(tx, organizationId, school.plan);
  if (limit !== null && (await countSeatsTaken(tx, organizationId)) >= limit) {
    throw domainError('PLAN_MEMBER_LIMIT_REACHED', { limit });
  }
}

const invalidLink = () => domainError('INVITATION_LINK_INVALID', {}, { field: 'token' });

async function openInvitation(
  db: DbOrTx,
  token: string,
  forUpdate: boolean,
): Promise<{ invitation: Invitation; user: User }> {
  const parsed = parseToken(token);
  const invitation = parsed ? await findInvitation(db, parsed.id, forUpdate) : undefined;
  if (
    !parsed ||
    !invitation ||
    invitation.acceptedAt ||
    invitation.expiresAt.getTime() <= Date.now() ||
    !secretMatches(parsed.secret, invitation.secretHash)
  ) {
    throw invalidLink();
  }
  const user = await findUserById(db, invitation.userId);
  const access = await getMemberAccess(db, invitation.organizationId, invitation.userId);
  if (!user || access?.status !== 'invited') throw invalidLink();
  return { invitation, user };
}

/** What the invitation page shows before the person accepts. */
export async function previewInvitation(db: DbOrTx, token: string) {
  const { invitation, user } = await openInvitation(db, token, false);
  const [school] = await findOrganizationsByIds(db, [invitation.organizationId]);
  const access = await getMemberAccess(db, invitation.organizationId, user.id);
  return {
    schoolName: school?.name ?? '',
    name: user.name,
    email: user.email,
    roleName: access?.role.name ?? '',
    hasAccount: user.passwordHash !== NO_PASSWORD,
  };
}

/**
 * Accepts an invitation: a new account sets its password; an existing one proves it with its own.
 * The membership becomes active; the link is used up.
 */
export async function acceptInvitation(
  db: Database,
  request: AcceptInvitationRequest,
  context: { ip: string | null; userAgent: string | null },
): Promise<{ email: string }> {
  const newHash = await hashPassword(request.password);
  return db.transaction(async (tx) => {
    const { invitation, user } = await openInvitation(tx, request.token, true);
    if (user.passwordHash === NO_PASSWORD) {
      await updateUser(tx, user.id, { passwordHash: newHash });
    } else if (!(await verifyPassword(user.passwordHash, request.password))) {
      throw domainError('INVITATION_WRONG_PASSWORD', {}, { field: 'password' });
    }
    await markInvitationAccepted(tx, invitation.id);
    await activateInvitedMember(tx, invitation.organizationId, user.id);
    await recordAuditEntry(tx, {
      organizationId: invitation.organizationId,
      actor: { type: 'user', userId: user.id, label: user.name },
      action: 'member.joined',
      resourceType: 'member',
      resourceId: user.id,
      category: 'user',
      ip: context.ip,
      userAgent: context.userAgent,
    });
    return { email: user.email };
  });
}
