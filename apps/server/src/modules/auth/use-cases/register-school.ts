import { DEFAULT_PLAN, type RegistrationRequest } from '@ecolage/contracts';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../../platform/db/database';
import { saveUpload, type FileStorage } from '../../../platform/storage';
import { addMemberWithSystemRole, createSystemRoles } from '../../access';
import { recordAuditEntry } from '../../audit';
import { queueEmail, type OutboundMessage } from '../../messaging';
import { createSchoolWithFreeSlug } from '../../organizations';
import { findUserByEmail, insertUser } from '../auth.repository';
import { decodeAvatar } from '../avatar';
import { hashPassword } from '../password';
import type { AuthContext } from '../session';
import { warnExistingAccount } from './registration-notices';

export type RegistrationContext = AuthContext & { baseUrl: string };

/**
 * How long a real sign-up takes on this instance, learnt from the last ones: a known address
 * waits as long before its answer, so the time does not tell either.
 */
let typicalCreationMs = 60;

/**
 * Sign-up. The answer is the same whether the address already has an account or not, after about
 * the same time, and the rest is said by e-mail (as login and password reset do not tell who has
 * an account): a new address gets its school, the seven system roles, the account and its Super
 * administration membership, in one transaction, each step journaled in the new school's chain,
 * and a welcome e-mail; a known one gets an e-mail saying someone tried, with the ways in.
 * Returns the e-mail queued, for the log.
 */
export async function registerSchool(
  db: Database,
  files: FileStorage,
  request: RegistrationRequest,
  context: RegistrationContext,
): Promise<OutboundMessage | undefined> {
  const started = performance.now();
  // Checked and hashed before the transaction: no lock is held during the slow parts.
  const avatar = request.avatar ? decodeAvatar(request.avatar) : undefined;
  const passwordHash = await hashPassword(request.password);
  const created = (await findUserByEmail(db, request.email))
    ? undefined
    : await createSchoolAndAccount(db, files, request, { passwordHash, avatar }, context);
  if (created) {
    typicalCreationMs = 0.8 * typicalCreationMs + 0.2 * (performance.now() - started);
    return created;
  }
  const notice = await warnExistingAccount(db, request.email, context);
  await sleep(Math.max(0, typicalCreationMs - (performance.now() - started)));
  return notice;
}

/** The new school and its first member; undefined when the address was taken meanwhile. */
async function createSchoolAndAccount(
  db: Database,
  files: FileStorage,
  request: RegistrationRequest,
  secrets: { passwordHash: string; avatar: ReturnType<typeof decodeAvatar> | undefined },
  context: RegistrationContext,
): Promise<OutboundMessage | undefined> {
  const { avatar } = secrets;
  const avatarPath = avatar
    ? await saveUpload(files, 'avatars', avatar.bytes, avatar.format.extension)
    : null;
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: request.email,
      passwordHash: secrets.passwordHash,
      name: request.name,
      avatarPath,
    });
    if (!user) return undefined;
    const actor = { type: 'user' as const, userId: user.id, label: user.name };
    const school = await createSchoolWithFreeSlug(
      tx,
      // The plan chosen at sign-up (Croissance when none): its terms are stored with the school.
      { name: request.schoolName, plan: request.plan ?? DEFAULT_PLAN },
      { actor, ip: context.ip },
    );
    await recordAuditEntry(tx, {
      organizationId: school.id,
      actor,
      action: 'account.registered',
      resourceType: 'user',
      resourceId: user.id,
      category: 'user',
      details: { email: user.email, photo: avatarPath !== null },
      ip: context.ip,
      userAgent: context.userAgent,
    });
    await createSystemRoles(tx, school.id);
    await addMemberWithSystemRole(
      tx,
      { organizationId: school.id, userId: user.id, roleKey: 'super_admin', userLabel: user.name },
      { actor, ip: context.ip },
    );
    return queueEmail(tx, {
      organizationId: null,
      to: user.email,
      subject: `Bienvenue sur Écolage : ${school.name} est créée`,
      text: [
        `Bonjour ${user.name},`,
        '',
        `Votre école « ${school.name} » est créée sur Écolage, et vous en êtes la Super administration.`,
        'Connectez-vous avec cette adresse et le mot de passe que vous avez choisi :',
        `${context.baseUrl}/login`,
        '',
        "L'équipe Écolage",
      ].join('\n'),
      template: 'registration_welcome',
      metadata: { userId: user.id, organizationId: school.id },
    });
  });
}
