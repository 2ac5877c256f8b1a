import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerSchool } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';

describe('password reset by e-mail link', () => {
  const { app, database } = useTestApp({ publicUrl: 'https://ecolage.tg' });
  const requestReset = (email: string) =>
    app().inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
  const confirm = (token: string, password: string) =>
    app().inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password },
    });
  const lastLink = async () => {
    const rows = await database().db.execute<{ body: string; recipient: string; status: string }>(
      sql`select body, recipient, status from outbound_messages where template = 'password_reset' order by created_at desc limit 1`,
    );
    const row = rows.rows[0];
    return { ...row, token: /token=([\w.-]+)/.exec(row?.body ?? '')?.[1] ?? '' };
  };

  beforeAll(async () => {
    await registerSchool(app(), { email: 'oubli@exemple.tg', password: 'ancien-mot' });
  });

  it('answers the same for a known and an unknown address, and e-mails only the known one', async () => {
    const known = await requestReset('OUBLI@exemple.tg');
    const unknown = await requestReset('personne@exemple.tg');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const messages = await database().db.execute(
      sql`select recipient from outbound_messages where template = 'password_reset'`,
    );
    expect(messages.rows).toEqual([{ recipient: 'oubli@exemple.tg' }]);
    const { body, status, token } = await lastLink();
    expect(status).toBe('captured');
    expect(body).toContain('https://ecolage.tg/reinitialiser-mot-de-passe?token=');
    expect(token).toMatch(/^[0-9a-f-]{36}\.[\w-]+$/);
  });

  it('sets the new password once, ends open sessions, and refuses the link a second time', async () => {
    const session = await logIn(app(), 'oubli@exemple.tg', 'ancien-mot');
    const { token } = await lastLink();
    const done = await confirm(token, 'nouveau-mot');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: 'Votre mot de passe est changé. Connectez-vous avec le nouveau.',
      email: 'oubli@exemple.tg',
    });
    await logIn(app(), 'oubli@exemple.tg', 'nouveau-mot');
    const old = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'oubli@exemple.tg', password: 'ancien-mot' },
    });
    expect(old.statusCode).toBe(401);
    const refresh = await app().inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { ecolage_refresh: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const again = await confirm(token, 'troisieme-mot');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalide, déjà utilisé ou expiré/);
  });

  it('refuses an expired link and a forged secret', async () => {
    await requestReset('oubli@exemple.tg');
    const { token } = await lastLink();
    const [id] = token.split('.');
    expect((await confirm(`${id}.${'x'.repeat(43)}`, 'encore-un-mot')).statusCode).toBe(400);
    await database().db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    expect((await confirm(token, 'encore-un-mot')).statusCode).toBe(400);
  });

  it('refuses a short new password with the spec message', async () => {
    await requestReset('oubli@exemple.tg');
    const { token } = await lastLink();
    const response = await confirm(token, '123');
    expect(response.json().issues).toContainEqual({
      path: 'password',
      message: 'Le mot de passe doit contenir au moins 6 caractères.',
    });
  });
});
