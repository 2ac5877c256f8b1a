import type { Database } from '../../../platform/db/database';
import { recordAuditEntry } from '../../audit';
import { queueEmail, type OutboundMessage } from '../../messaging';
import { findUserByEmail } from '../auth.repository';
import type { RegistrationContext } from './register-school';

/**
 * Someone signed up with the address of an existing account: nothing is created; the account's
 * owner learns it by e-mail, with the ways in (log in, choose a new password), and the platform's
 * journal keeps the attempt.
 */
export async function warnExistingAccount(
  db: Database,
  email: string,
  context: RegistrationContext,
): Promise<OutboundMessage | undefined> {
  return db.transaction(async (tx) => {
    // Gone meanwhile (deleted accounts free their address): nobody to tell.
    const user = await findUserByEmail(tx, email);
    if (!user) return undefined;
    await recordAuditEntry(tx, {
      organizationId: null,
      actor: { type: 'anonymous', label: 'Inscription' },
      action: 'account.registration_attempted',
      resourceType: 'user',
      resourceId: user.id,
      category: 'user',
      ip: context.ip,
      userAgent: context.userAgent,
    });
    return queueEmail(tx, {
      organizationId: null,
      to: user.email,
      subject: 'Tentative d’inscription avec votre adresse Écolage',
      text: [
        `Bonjour ${user.name},`,
        '',
        'Quelqu’un vient de demander à créer une école sur Écolage avec votre adresse e-mail, qui a déjà un compte. Aucune école n’a été créée et votre compte n’a pas changé.',
        '',
        'Si c’était vous, connectez-vous avec votre mot de passe habituel :',
        `${context.baseUrl}/login`,
        'Mot de passe oublié ? Choisissez-en un nouveau :',
        `${context.baseUrl}/mot-de-passe-oublie`,
        '',
        'Si ce n’était pas vous, ignorez ce message : personne n’a accès à votre compte sans votre mot de passe.',
        '',
        "L'équipe Écolage",
      ].join('\n'),
      template: 'registration_existing_account',
      metadata: { userId: user.id, ip: context.ip },
    });
  });
}
