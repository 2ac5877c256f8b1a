import { AuthMessages, ErrorCode, type RegistrationRequest } from '@ecolage/contracts';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import type { FileStore } from '../../../platform/files';
import { addMemberWithSystemRole, createSystemRoles } from '../../access';
import { recordAuditEntry } from '../../audit';
import { allocateSchoolSlug, createSchool, type Organization } from '../../organizations';
import { insertUser } from '../auth.repository';
import { decodeAvatar } from '../avatar';
import { hashPassword } from '../password';
import type { AuthContext } from '../session';

/**
 * Sign-up: creates a school, its seven system roles, the account and its Super administration
 * membership, in one transaction, each step journaled in the new school's chain.
 */
export async function registerSchool(
  db: Database,
  files: FileStore,
  request: RegistrationRequest,
  context: AuthContext,
): Promise<Organization> {
  // Checked and hashed before the transaction: no lock is held during the slow parts.
  const avatar = request.avatar ? decodeAvatar(request.avatar) : undefined;
  const passwordHash = await hashPassword(request.password);
  const avatarPath = avatar
    ? await files.save('avatars', avatar.bytes, avatar.format.extension)
    : null;

  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: request.email,
      passwordHash,
      name: request.name,
      avatarPath,
    });
    if (!user) {
      throw new AppError(ErrorCode.CONFLICT, AuthMessages.emailTaken, {
        issues: [{ path: 'email', message: AuthMessages.emailTaken }],
      });
    }
    const actor = { type: 'user' as const, userId: user.id, label: user.name };
    const school = await createSchool(
      tx,
      { name: request.schoolName, slug: await allocateSchoolSlug(tx, request.schoolName) },
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
    return school;
  });
}
