import type { DbOrTx } from '../../../platform/db/database';
import { notFound } from '../../../platform/errors';
import {
  auxiliariesWithEntries,
  auxiliaryBalancesBefore,
  auxiliaryLedgerLines,
  LedgerAccounts,
  type AuxiliaryLedgerLine,
} from '../../ledger';
import { findStudent, findStudentCards, type StudentCard } from '../../students';
import { frenchDay, type ReportCell, type ReportColumn, type ReportLine } from './report-document';
import { findStudentIdsByMatricule } from './report-students.reads';

const ACCOUNT = LedgerAccounts.studentsReceivable;
/** Students read and written per batch. */
const BATCH = 200;

export const grandLivreColumns: ReportColumn[] = [
  { header: 'Date', type: 'date', weight: 11, width: 12 },
  { header: 'Journal', type: 'text', weight: 7, width: 9 },
  { header: 'Pièce', type: 'text', weight: 15, width: 18 },
  { header: 'Libellé', type: 'text', weight: 31, width: 40 },
  { header: 'Débit', type: 'amount', weight: 12, width: 14 },
  { header: 'Crédit', type: 'amount', weight: 12, width: 14 },
  { header: 'Solde', type: 'amount', weight: 12, width: 14 },
];

export interface Period {
  from: string;
  to: string;
}

/** What the grand livre adds up, for its last line. */
interface Totals {
  debit: number;
  credit: number;
  balance: number;
}

function heading(matricule: string, card: StudentCard | undefined): string {
  if (!card) return `${matricule} — compte 4111`;
  const classe = [card.programme, card.level].filter(Boolean).join(' · ');
  return [matricule, card.fullName, classe].filter(Boolean).join(' — ');
}

/**
 * One student's account: the heading, the à-nouveau at `from` (on the side of its sign), the
 * entries of the period with the running balance, then the totals and the closing balance.
 */
function studentLines(
  matricule: string,
  card: StudentCard | undefined,
  opening: number,
  entries: readonly AuxiliaryLedgerLine[],
  period: Period,
  totals: Totals,
): ReportLine[] {
  let debit = Math.max(opening, 0);
  let credit = Math.max(-opening, 0);
  let balance = opening;
  const lines: ReportLine[] = [
    { kind: 'group', text: heading(matricule, card) },
    {
      kind: 'row',
      cells: [
        period.from,
        null,
        null,
        `Solde à nouveau au ${frenchDay(period.from)}`,
        debit || null,
        credit || null,
        balance,
      ],
    },
  ];
  for (const entry of entries) {
    balance += entry.debit - entry.credit;
    debit += entry.debit;
    credit += entry.credit;
    lines.push({
      kind: 'row',
      cells: [
        entry.entryDate,
        entry.journal,
        entry.pieceRef,
        entry.label,
        entry.debit || null,
        entry.credit || null,
        balance,
      ] satisfies ReportCell[],
    });
  }
  lines.push({
    kind: 'subtotal',
    cells: [null, null, null, `Total et solde au ${frenchDay(period.to)}`, debit, credit, balance],
  });
  totals.debit += debit;
  totals.credit += credit;
  totals.balance += balance;
  return lines;
}

async function batchLines(
  db: DbOrTx,
  organizationId: string,
  matricules: readonly string[],
  period: Period,
  totals: Totals,
): Promise<ReportLine[]> {
  const [openings, entries, ids] = await Promise.all([
    auxiliaryBalancesBefore(db, organizationId, ACCOUNT, matricules, period.from),
    auxiliaryLedgerLines(db, organizationId, ACCOUNT, matricules, period),
    findStudentIdsByMatricule(db, organizationId, matricules),
  ]);
  const cards = new Map(
    (await findStudentCards(db, organizationId, [...ids.values()])).map((card) => [
      card.matricule,
      card,
    ]),
  );
  const byMatricule = new Map<string, AuxiliaryLedgerLine[]>();
  for (const entry of entries) {
    const list = byMatricule.get(entry.auxiliary) ?? [];
    list.push(entry);
    byMatricule.set(entry.auxiliary, list);
  }
  return matricules.flatMap((matricule) =>
    studentLines(
      matricule,
      cards.get(matricule),
      openings.get(matricule) ?? 0,
      byMatricule.get(matricule) ?? [],
      period,
      totals,
    ),
  );
}

const totalLine = (totals: Totals, students: number): ReportLine => ({
  kind: 'total',
  cells: [
    null,
    null,
    null,
    `Total général (${students} étudiant${students > 1 ? 's' : ''})`,
    totals.debit,
    totals.credit,
    totals.balance,
  ],
});

/**
 * The students whose account the grand livre shows: the one asked for (404 when not the
 * school's) when its account moved in the period or was not settled at its start, else every
 * student whose account moved in the period; null: nothing to show.
 */
export async function grandLivreStudents(
  db: DbOrTx,
  organizationId: string,
  period: Period,
  studentId: string | undefined,
): Promise<{ one: string } | { all: true } | null> {
  if (studentId) {
    const student = await findStudent(db, organizationId, studentId);
    if (!student) throw notFound('STUDENT_NOT_FOUND');
    const [moved, opening] = await Promise.all([
      auxiliaryLedgerLines(db, organizationId, ACCOUNT, [student.matricule], period),
      auxiliaryBalancesBefore(db, organizationId, ACCOUNT, [student.matricule], period.from),
    ]);
    return moved.length > 0 || opening.get(student.matricule) ? { one: student.matricule } : null;
  }
  const first = await auxiliariesWithEntries(db, organizationId, ACCOUNT, period, undefined, 1);
  return first.length > 0 ? { all: true } : null;
}

/** The grand livre's lines, batch by batch of students (keyset over the matricules). */
export async function* grandLivreLines(
  db: DbOrTx,
  organizationId: string,
  period: Period,
  who: { one: string } | { all: true },
): AsyncGenerator<readonly ReportLine[]> {
  const totals: Totals = { debit: 0, credit: 0, balance: 0 };
  if ('one' in who) {
    yield await batchLines(db, organizationId, [who.one], period, totals);
    yield [totalLine(totals, 1)];
    return;
  }
  let after: string | undefined;
  let students = 0;
  for (;;) {
    const matricules = await auxiliariesWithEntries(
      db,
      organizationId,
      ACCOUNT,
      period,
      after,
      BATCH,
    );
    if (matricules.length > 0) {
      students += matricules.length;
      yield await batchLines(db, organizationId, matricules, period, totals);
    }
    if (matricules.length < BATCH) break;
    after = matricules[matricules.length - 1];
  }
  yield [totalLine(totals, students)];
}
