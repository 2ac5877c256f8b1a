import {
  SEARCH_GROUP_SIZE,
  type Permission,
  type SearchGroup,
  type SearchGroupKind,
  type SearchHit,
  type SearchResult,
} from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { searchInvoicesByNumber } from '../billing';
import { searchPaymentsByReference } from '../payments';
import { searchReceiptsByNumber } from '../receipts';
import {
  findGuardianNames,
  findStudentCards,
  searchGuardiansForTopBar,
  searchStudentsForTopBar,
} from '../students';
import { readTopBarTerm, type TopBarTerm } from './search-term';

/** Who searches: their school and what they may read. */
export interface Searcher {
  organizationId: string;
  permissions: readonly Permission[];
}

/** The permission each group needs; a group the member lacks it for is left out of the answer. */
const groupPermission: Record<SearchGroupKind, Permission> = {
  students: 'read:students',
  guardians: 'read:students',
  invoices: 'read:invoices',
  receipts: 'read:payments',
  payments: 'read:payments',
};

/** One more than shown: whether the group has more. */
const FETCHED = SEARCH_GROUP_SIZE + 1;

const studentHref = (id: string) => `/admin/etudiants/${id}`;
const paymentHref = (id: string) => `/admin/paiements?paiement=${id}`;

type GroupSearch = (db: DbOrTx, organizationId: string, term: TopBarTerm) => Promise<SearchHit[]>;

const searches: Record<SearchGroupKind, GroupSearch> = {
  async students(db, organizationId, term) {
    const rows = await searchStudentsForTopBar(db, organizationId, term.key, FETCHED);
    const cards = await findStudentCards(
      db,
      organizationId,
      rows.slice(0, SEARCH_GROUP_SIZE).map((row) => row.id),
    );
    const programmes = new Map(cards.map((card) => [card.id, card.programme]));
    return rows.map((row) => ({
      kind: 'student',
      id: row.id,
      title: row.fullName,
      href: studentHref(row.id),
      matricule: row.matricule,
      programme: programmes.get(row.id) ?? null,
      status: row.status,
      archived: row.archived,
    }));
  },
  async guardians(db, organizationId, term) {
    const rows = await searchGuardiansForTopBar(db, organizationId, term.key, FETCHED);
    return rows.map((row) => ({
      kind: 'guardian',
      id: row.id,
      title: row.fullName,
      // A guardian has no page of their own: their (first) student's page lists them.
      href: row.students[0] ? studentHref(row.students[0].id) : '/admin/etudiants',
      phone: row.phone,
      students: row.students.map((student) => student.name),
    }));
  },
  async invoices(db, organizationId, term) {
    if (!term.number) return [];
    const rows = await searchInvoicesByNumber(db, organizationId, term.number, FETCHED);
    const cards = await findStudentCards(
      db,
      organizationId,
      rows.map((row) => row.studentId),
    );
    const names = new Map(cards.map((card) => [card.id, card.fullName]));
    return rows.map((row) => ({
      kind: 'invoice',
      id: row.id,
      title: row.number,
      // The student's page lists the invoice (and opens it).
      href: studentHref(row.studentId),
      studentName: names.get(row.studentId) ?? '',
      total: row.total,
      status: row.status,
    }));
  },
  async receipts(db, organizationId, term) {
    if (!term.number) return [];
    const rows = await searchReceiptsByNumber(db, organizationId, term.number, FETCHED);
    return rows.map((row) => ({
      kind: 'receipt',
      id: row.id,
      title: row.number,
      href: paymentHref(row.paymentId),
      payerName: row.payerName,
      amount: row.amount,
      issuedAt: row.issuedAt.toISOString(),
    }));
  },
  async payments(db, organizationId, term) {
    if (!term.payment) return [];
    const rows = await searchPaymentsByReference(db, organizationId, term.payment, FETCHED);
    const payers = await findGuardianNames(
      db,
      organizationId,
      rows.map((row) => row.guardianId),
    );
    return rows.map((row) => ({
      kind: 'payment',
      id: row.id,
      title: row.providerRef ?? row.id,
      href: paymentHref(row.id),
      amount: row.amount,
      status: row.status,
      provider: row.provider as Extract<SearchHit, { kind: 'payment' }>['provider'],
      payerName: payers.get(row.guardianId) ?? '',
      createdAt: row.createdAt.toISOString(),
    }));
  },
};

/**
 * The top bar's search: each group the member may read, searched at once (each on its own
 * connection of the pool), at most 5 hits and whether there are more. Always within the member's
 * school.
 */
export async function topBarSearch(
  db: DbOrTx,
  searcher: Searcher,
  q: string,
): Promise<SearchResult> {
  const term = readTopBarTerm(q);
  const kinds = (Object.keys(searches) as SearchGroupKind[]).filter((kind) =>
    searcher.permissions.includes(groupPermission[kind]),
  );
  const groups = await Promise.all(
    kinds.map(async (kind): Promise<SearchGroup> => {
      const hits = await searches[kind](db, searcher.organizationId, term);
      return {
        kind,
        hits: hits.slice(0, SEARCH_GROUP_SIZE),
        more: hits.length > SEARCH_GROUP_SIZE,
      };
    }),
  );
  return { q, groups };
}
