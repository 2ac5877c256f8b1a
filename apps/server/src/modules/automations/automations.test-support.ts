import type { FastifyInstance } from 'fastify';
import { addMemberWithSystemRole } from '../access/access.service';
import { ensureAccount } from '../auth';
import type { Database } from '../../platform/db/database';
import { logIn } from '../../test/auth-helpers';
import type { Call } from '../../test/school-fixture';

/** A member of the school with one of its system roles (`finance`, `registrar`…): their caller. */
export async function memberOfSystemRole(
  app: FastifyInstance,
  db: Database,
  organizationId: string,
  roleKey: string,
): Promise<Call> {
  const email = `${roleKey}.${Math.random().toString(36).slice(2)}@ecole.tg`;
  await db.transaction(async (tx) => {
    const { user } = await ensureAccount(tx, {
      email,
      name: `Membre ${roleKey}`,
      password: 'motdepasse',
    });
    await addMemberWithSystemRole(
      tx,
      { organizationId, userId: user.id, roleKey, userLabel: `Membre ${roleKey}` },
      { actor: { type: 'system', label: 'Test' }, ip: null },
    );
  });
  const { accessToken } = await logIn(app, email, 'motdepasse');
  return (method, url, payload) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${accessToken}` } });
}

/** An SMS reminder J-3 to the main payer: the body of « Rappel J-3 ». */
export function reminderJ3(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Rappel J-3',
    trigger: 'invoice_due_in',
    params: { days: 3 },
    conditions: {},
    action: {
      channel: 'sms',
      recipients: 'main_payer',
      template: '{ecole}: {montant} pour {eleve} à régler avant le {echeance}. Payez ici: {lien}',
    },
    ...overrides,
  };
}
