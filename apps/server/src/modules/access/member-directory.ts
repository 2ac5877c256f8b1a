import type { MemberListQuery } from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import type { Membership, Role } from './access.tables';

/** The person behind a membership: an account of the auth module. */
export interface MemberPerson {
  id: string;
  name: string;
  email: string;
  avatarPath: string | null;
}

/**
 * What the members screen needs of the people behind memberships (name, e-mail, avatar: searched
 * and sorted in SQL). Accounts belong to auth, downstream of access (auth signs people up and in
 * through access): auth implements this port with a named read (`auth/members.reads.ts`) and the
 * composition root hands it to `teamRoutes` (decisions/0015).
 */
export interface MemberDirectory {
  /** One page of the school's members by name, with their role and their person. */
  findMemberPage(
    db: DbOrTx,
    organizationId: string,
    query: MemberListQuery,
  ): Promise<{
    rows: { membership: Membership; role: Pick<Role, 'id' | 'name'>; user: MemberPerson }[];
    total: number;
  }>;
  /** A member with his role and his name, for the changes of a member. */
  findMembership(
    db: DbOrTx,
    organizationId: string,
    userId: string,
  ): Promise<{ membership: Membership; role: Role; memberName: string } | undefined>;
  /** Staff seats taken: active members + invited ones with a pending, unexpired invitation. */
  countSeatsTaken(db: DbOrTx, organizationId: string): Promise<number>;
}
