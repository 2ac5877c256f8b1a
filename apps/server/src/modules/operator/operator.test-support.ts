import { sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { logIn } from '../../test/auth-helpers';
import { signUpSchool } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';
import { changePlatformRole, ensureAccount } from '../auth';

export const OPERATOR = { email: 'operateur@ecolage.tg', password: 'motdepasse-solide' };

/**
 * A test app with two schools (« Collège Sainte-Rita de Lomé » on Croissance, « Lycée Les
 * Cocotiers » in Kpalimé on Découverte) and a platform operator who is a member of neither,
 * signed in: `asOperator` calls with their token.
 */
export function useOperatorConsole() {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });
  const state = {
    token: '',
    refreshToken: '',
    school: undefined as unknown as Awaited<ReturnType<typeof signUpSchool>>,
    other: undefined as unknown as Awaited<ReturnType<typeof signUpSchool>>,
  };

  beforeAll(async () => {
    state.school = await signUpSchool(app(), 'Collège Sainte-Rita de Lomé');
    state.other = await signUpSchool(app(), 'Lycée Les Cocotiers');
    await database().db.execute(sql`update organizations set city = 'Kpalimé', plan = 'decouverte'
      where id = ${state.other.organizationId}`);
    await database().db.transaction(async (tx) => {
      await ensureAccount(tx, { ...OPERATOR, name: 'Sena Kouévi' });
      await changePlatformRole(tx, OPERATOR.email, 'operator', 'Test');
    });
    const session = await logIn(app(), OPERATOR.email, OPERATOR.password);
    state.token = session.accessToken;
    state.refreshToken = session.refreshToken;
  });

  return {
    app,
    database,
    db: () => database().db,
    state,
    asOperator: (method: 'GET' | 'POST', url: string, payload?: object) =>
      app().inject({ method, url, payload, headers: { authorization: `Bearer ${state.token}` } }),
  };
}
