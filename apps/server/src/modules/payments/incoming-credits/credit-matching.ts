import type { IncomingCreditMatch } from '@ecolage/contracts';
import { toE164 } from '@ecolage/contracts';
import type { Transaction } from '../../../platform/db/database';
import { listPayableInvoices } from '../../billing';
import { findNumbering, findStudentGuardians } from '../../students';
import {
  findGuardianByPhone,
  findStudentsByMatriculeKeys,
  matriculeKey,
} from './incoming-credits.reads';

/** Who a credit is for, and how that was found. */
export interface CreditMatch {
  studentId: string;
  guardianId: string;
  matchedBy: Exclude<IncomingCreditMatch, 'staff'>;
}

/**
 * The keys a typed reference may stand for: the whole reference, each matricule-looking word in
 * it (« Scolarité STU-001 Koffi » → STU1), and a number alone read with the school's prefix
 * (« 001 », « Frais 1 » → STU1) unless a word already names a matricule of that prefix.
 */
export function referenceKeys(reference: string, prefix: string): string[] {
  const keys = new Set<string>();
  const whole = matriculeKey(reference);
  if (whole) keys.add(/^\d+$/.test(whole) ? matriculeKey(`${prefix}${whole}`) : whole);
  const words = [...reference.matchAll(/[A-Za-z]+[\s\-_./]*\d+/g)].map((match) =>
    matriculeKey(match[0]),
  );
  for (const word of words) keys.add(word);
  // Numbers alone stand for a matricule of the school's prefix unless a word already names one.
  const ownPrefix = matriculeKey(prefix);
  if (!words.some((word) => word.replace(/\d+$/, '') === ownPrefix)) {
    for (const match of reference.matchAll(/(?:^|[^A-Za-z0-9])(\d+)(?=$|[^A-Za-z0-9])/g)) {
      keys.add(matriculeKey(`${prefix}${match[1]}`));
    }
  }
  return [...keys].filter((key) => key.length >= 2 && key.length <= 40).slice(0, 10);
}

/** The payer of a credit for a student: the guardian with the sender's phone, else the main payer. */
export async function payerFor(
  tx: Transaction,
  organizationId: string,
  studentId: string,
  phone: string | null,
): Promise<string | undefined> {
  const links = await findStudentGuardians(tx, organizationId, studentId);
  const sender = phone ? links.find(({ guardian }) => guardian.phone === phone) : undefined;
  return (sender ?? links[0])?.guardian.id;
}

/** The one student the reference names (a matricule however typed), if exactly one. */
async function matchByReference(
  tx: Transaction,
  organizationId: string,
  reference: string,
  phone: string | null,
): Promise<CreditMatch | undefined> {
  const { prefix } = await findNumbering(tx, organizationId);
  const keys = referenceKeys(reference, prefix);
  const found = await findStudentsByMatriculeKeys(tx, organizationId, keys);
  if (found.length !== 1) return undefined;
  const student = found[0]!;
  const guardianId = await payerFor(tx, organizationId, student.id, phone);
  return guardianId ? { studentId: student.id, guardianId, matchedBy: 'reference' } : undefined;
}

/**
 * The guardian with the sender's phone, when exactly one of their students has an open balance
 * the amount fits (no more than the student still owes).
 */
async function matchByPhoneAndAmount(
  tx: Transaction,
  organizationId: string,
  phone: string,
  amount: number,
): Promise<CreditMatch | undefined> {
  const guardian = await findGuardianByPhone(tx, organizationId, phone);
  if (!guardian) return undefined;
  const owed = new Map<string, number>();
  for (const invoice of await listPayableInvoices(tx, organizationId, guardian.id, [])) {
    owed.set(invoice.studentId, (owed.get(invoice.studentId) ?? 0) + invoice.balance);
  }
  const fitting = [...owed].filter(([, balance]) => balance >= amount);
  if (fitting.length !== 1) return undefined;
  return { studentId: fitting[0]![0], guardianId: guardian.id, matchedBy: 'phone_amount' };
}

/** The student a credit is for: by its reference, else by the sender's phone and the amount. */
export async function matchCredit(
  tx: Transaction,
  organizationId: string,
  credit: { reference: string | null; payerPhone: string | null; amount: number },
): Promise<CreditMatch | undefined> {
  const phone = credit.payerPhone ? toE164(credit.payerPhone) : null;
  if (credit.reference?.trim()) {
    const match = await matchByReference(tx, organizationId, credit.reference, phone);
    if (match) return match;
  }
  if (phone) return matchByPhoneAndAmount(tx, organizationId, phone, credit.amount);
  return undefined;
}
