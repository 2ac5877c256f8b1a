import {
  isValidBic,
  isValidIban,
  maskAccountNumber,
  ribProblem,
  type BankDetails,
  type updateBankDetailsRequestSchema,
} from '@ecolage/contracts';
import type { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { publishEvent } from '../../../platform/outbox/outbox';
import { confirmMemberPassword, type LoginPolicy } from '../../auth';
import { lockSchoolRow, updateSchoolSettings } from '../../organizations';
import { bankDetailsOf } from '../details/school-details.service';
import { journalSettings } from '../settings-audit';

type BankDetailsInput = z.output<typeof updateBankDetailsRequestSchema>;

/** The account numbers' checks, each refusal on its field (contracts' bank-account.ts). */
export function checkBankAccount(input: Pick<BankDetailsInput, 'rib' | 'iban' | 'bic'>): void {
  if (!input.rib && !input.iban) throw domainError('BANK_ACCOUNT_REQUIRED', {}, { field: 'rib' });
  if (input.rib) {
    const problem = ribProblem(input.rib);
    if (problem === 'format') throw domainError('BANK_RIB_INVALID', {}, { field: 'rib' });
    if (problem === 'key') throw domainError('BANK_RIB_KEY_INVALID', {}, { field: 'rib' });
  }
  if (input.iban && !isValidIban(input.iban)) {
    throw domainError('BANK_IBAN_INVALID', {}, { field: 'iban' });
  }
  if (!isValidBic(input.bic)) throw domainError('BANK_BIC_INVALID', {}, { field: 'bic' });
}

/**
 * Changes where the school's money goes: the numbers checked, then the member's password (counted
 * in the login throttle), then saved, journaled (numbers masked) and announced
 * (`organization.bank_details_changed`: every Super administration gets an e-mail) in one
 * transaction.
 */
export async function updateBankDetails(
  db: Database,
  acting: ActingMember,
  input: BankDetailsInput,
  loginPolicy?: LoginPolicy,
): Promise<BankDetails> {
  checkBankAccount(input);
  if (acting.actor.type !== 'user') throw new Error('bank details are changed by a member');
  const userId = acting.actor.userId;
  const confirmed = await confirmMemberPassword(
    db,
    { userId, password: input.password, ip: acting.ip },
    loginPolicy,
  );
  if (!confirmed) throw domainError('BANK_PASSWORD_INVALID', {}, { field: 'password' });
  const changedAt = new Date();
  return db.transaction(async (tx) => {
    const before = await lockSchoolRow(tx, acting.organizationId);
    const school = await updateSchoolSettings(tx, acting.organizationId, {
      bankName: input.bankName,
      accountHolder: input.accountHolder,
      rib: input.rib,
      iban: input.iban,
      bic: input.bic,
      bankDetailsUpdatedAt: changedAt,
    });
    await journalSettings(tx, acting, 'organization.bank_details_updated', 'organization', {
      avant: bankWords(before),
      après: bankWords(school),
    });
    await publishEvent(
      tx,
      'organization.bank_details_changed',
      {
        changedBy: { userId, name: acting.actor.label },
        changedAt: changedAt.toISOString(),
        ip: acting.ip,
        bankName: input.bankName,
        accountHolder: input.accountHolder,
        maskedRib: maskAccountNumber(input.rib),
        maskedIban: maskAccountNumber(input.iban),
      },
      { organizationId: acting.organizationId, aggregateId: acting.organizationId },
    );
    return bankDetailsOf(school, true);
  });
}

/** The journal's words for bank details: the numbers masked but for their last 4. */
function bankWords(school: {
  bankName: string | null;
  accountHolder: string | null;
  rib: string | null;
  iban: string | null;
  bic: string | null;
}) {
  return {
    banque: school.bankName,
    titulaire: school.accountHolder,
    rib: maskAccountNumber(school.rib),
    iban: maskAccountNumber(school.iban),
    bic: school.bic,
  };
}
