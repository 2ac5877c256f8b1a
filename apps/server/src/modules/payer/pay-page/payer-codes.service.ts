import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  PAYER_CODE_MAX_ATTEMPTS,
  PAYER_CODE_TTL_MINUTES,
  PAYER_CODES_PER_HOUR,
} from '@ecolage/contracts';
import type { Database } from '../../../platform/db/database';
import { recordAuditEntry, type AuditEntryInput } from '../../audit';
import { queueSms } from '../../messaging';
import { findGuardian, findStudentPayerByMatriculeAndPhone } from '../../students';
import {
  consumePayerCode,
  countCodeAttempt,
  countRecentCodes,
  insertPayerCode,
  lockCodeRequests,
} from './payer-codes.repository';
import { issuePaymentLink, type LinkSigner } from '../links/payment-links';

/**
 * The school's pay page's one-time codes. A payer types a matricule and a phone; a code goes by SMS
 * only when that phone is registered for that student, but the payer is answered the same way
 * either way (a row is written each time, with no guardian when nothing matched: such a code can
 * never be confirmed). Only a salted hash of the code is kept.
 */

/** Who acts on the pay page: no account, the page itself. */
const PAY_PAGE_ACTOR: AuditEntryInput['actor'] = { type: 'system', label: 'Page de paiement' };
const HOUR_MS = 60 * 60 * 1000;

export interface PayerCodeRequest {
  school: { id: string; name: string };
  /** Trimmed and upper-cased. */
  matricule: string;
  /** E.164. */
  phone: string;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

export type PayerCodeRequestOutcome =
  { ok: true; codeId: string } | { ok: false; reason: 'rateLimited' };

function hashCode(codeId: string, code: string): string {
  return createHash('sha256').update(`${codeId}:${code}`).digest('hex');
}

/** The SMS, in GSM-7 with its accents (« à » is one), one segment. */
export function codeSms(schoolName: string, code: string): string {
  return (
    `${schoolName} : votre code pour payer les frais est ${code}. ` +
    `Valable ${PAYER_CODE_TTL_MINUTES} min. Ne le communiquez à personne.`
  );
}

/**
 * Writes a code for this matricule and phone, and sends it when the phone is registered for the
 * student: SMS and audit entry in the same transaction, the SMS sender nudged once committed
 * (one-time codes go out at any hour). Refused past PAYER_CODES_PER_HOUR codes in the last hour
 * for this phone or for this matricule, whether they matched or not.
 */
export async function requestPayerCode(
  db: Database,
  request: PayerCodeRequest,
): Promise<PayerCodeRequestOutcome> {
  const { school, matricule, phone, now } = request;
  const outcome = await db.transaction(async (tx) => {
    await lockCodeRequests(tx, school.id, phone, matricule);
    const recent = await countRecentCodes(tx, school.id, {
      phone,
      matricule,
      since: new Date(now.getTime() - HOUR_MS),
    });
    if (Math.max(recent.byPhone, recent.byMatricule) >= PAYER_CODES_PER_HOUR) {
      return { ok: false, reason: 'rateLimited' } as const;
    }
    const payer = await findStudentPayerByMatriculeAndPhone(tx, school.id, matricule, phone);
    const codeId = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await insertPayerCode(tx, {
      id: codeId,
      organizationId: school.id,
      matricule,
      phone,
      studentId: payer?.studentId ?? null,
      guardianId: payer?.guardianId ?? null,
      codeHash: hashCode(codeId, code),
      expiresAt: new Date(now.getTime() + PAYER_CODE_TTL_MINUTES * 60_000),
      ip: request.ip,
      createdAt: now,
    });
    if (payer) {
      await queueSms(tx, {
        organizationId: school.id,
        recipient: phone,
        body: codeSms(school.name, code),
        template: 'payer.code',
        metadata: { codeId },
      });
      await recordAuditEntry(tx, {
        organizationId: school.id,
        actor: PAY_PAGE_ACTOR,
        action: 'payer.code_sent',
        resourceType: 'guardian',
        resourceId: payer.guardianId,
        category: 'public',
        details: { matricule, téléphone: phone, responsable: payer.guardianName },
        ip: request.ip,
        userAgent: request.userAgent,
      });
    }
    return { ok: true, codeId } as const;
  });
  // The code's SMS job is enqueued as the transaction commits (messaging).
  return outcome;
}

export interface PayerCodeCheck {
  school: { id: string };
  codeId: string;
  /** Six digits. */
  code: string;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

export type PayerCodeCheckOutcome =
  | { ok: true; token: string }
  | { ok: false; reason: 'expired' | 'tooManyAttempts' }
  | { ok: false; reason: 'wrong'; triesLeft: number };

/**
 * Checks a code typed by the payer. Every try counts (atomically), right or wrong; past
 * PAYER_CODE_MAX_ATTEMPTS even the right code is refused. The right code, once, opens a payment
 * link: the guardian's children when the code went to the guardian's phone, the student's own
 * invoices when it went to the student's phone.
 */
export async function confirmPayerCode(
  db: Database,
  signer: LinkSigner,
  check: PayerCodeCheck,
): Promise<PayerCodeCheckOutcome> {
  const { school, codeId, now } = check;
  return db.transaction(async (tx): Promise<PayerCodeCheckOutcome> => {
    const row = await countCodeAttempt(tx, school.id, codeId);
    if (!row || row.consumedAt || row.expiresAt <= now) return { ok: false, reason: 'expired' };
    if (row.attempts > PAYER_CODE_MAX_ATTEMPTS) return { ok: false, reason: 'tooManyAttempts' };
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(hashCode(row.id, check.code), 'hex');
    if (!row.guardianId || !timingSafeEqual(expected, given)) {
      const triesLeft = PAYER_CODE_MAX_ATTEMPTS - row.attempts;
      return triesLeft > 0
        ? { ok: false, reason: 'wrong', triesLeft }
        : { ok: false, reason: 'tooManyAttempts' };
    }
    const guardian = await findGuardian(tx, school.id, row.guardianId);
    if (!guardian || !(await consumePayerCode(tx, school.id, row.id, now))) {
      return { ok: false, reason: 'expired' };
    }
    const forFamily = guardian.phone === row.phone;
    const link = await issuePaymentLink(tx, signer, {
      organizationId: school.id,
      guardianId: guardian.id,
      studentId: forFamily ? null : row.studentId,
      purpose: 'code',
      createdBy: PAY_PAGE_ACTOR.label,
      now,
    });
    await recordAuditEntry(tx, {
      organizationId: school.id,
      actor: PAY_PAGE_ACTOR,
      action: 'payer.code_confirmed',
      resourceType: 'guardian',
      resourceId: guardian.id,
      category: 'public',
      details: {
        matricule: row.matricule,
        téléphone: row.phone,
        responsable: guardian.fullName,
        factures: forFamily ? 'toute la famille' : 'cet élève',
      },
      ip: check.ip,
      userAgent: check.userAgent,
    });
    return { ok: true, token: link.token };
  });
}
