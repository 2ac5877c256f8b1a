import { describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';

describe('the bank form’s password counts in the login throttle', () => {
  // An account locks at its 2nd failure here (a minute), the address never.
  const { app } = useTestApp({
    loginPolicy: {
      failureDelayMs: () => 0,
      accountLockMs: (failures) => (failures >= 2 ? 60_000 : 0),
      ipLockMs: () => 0,
    },
  });

  it('locks the account after wrong passwords: the right one then waits, and so does the login', async () => {
    const school = await signUpSchool(app(), 'Lycée Prudence');
    const bank = (password: string) =>
      school.call('PUT', '/api/settings/bank', {
        bankName: 'Ecobank Togo',
        accountHolder: 'Lycée Prudence',
        rib: 'TG0090604310346500400070',
        bic: 'ECOCTGTG',
        password,
      });
    expect((await bank('faux-1')).json().code).toBe('BANK_PASSWORD_INVALID');
    expect((await bank('faux-2')).json().code).toBe('BANK_PASSWORD_INVALID');
    const locked = await bank('motdepasse-solide');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('LOGIN_LOCKED');
    const login = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: school.email, password: 'motdepasse-solide' },
    });
    expect(login.statusCode).toBe(429);
  });
});
