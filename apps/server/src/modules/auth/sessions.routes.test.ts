import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { logIn, registerSchool } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { addMemberWithSystemRole } from '../access';
import { accessTokenKeys, signAccessToken } from './access-token';

const SECRET = 'secret-de-test-qui-fait-au-moins-32-caracteres';

describe('login, tokens, refresh rotation, logout', () => {
  const { app, database } = useTestApp();

  it('logs in with the spec shape and sets an httpOnly, SameSite refresh cookie', async () => {
    const school = await registerSchool(app(), { email: 'ama@exemple.tg', name: 'Ama Koné' });
    const { body, cookie } = await logIn(app(), 'AMA@exemple.tg ', school.password);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      user: { name: 'Ama Koné', email: 'ama@exemple.tg', avatarUrl: null },
      organization: { id: school.organizationId, name: 'Collège Sainte-Rita de Lomé' },
      role: { name: 'Super administration' },
    });
    expect(body.permissions).toContain('manage:roles');
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ama@exemple.tg', password: 'mauvais-mot' },
    });
    const unknown = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'personne@exemple.tg', password: 'mauvais-mot' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'E-mail ou mot de passe incorrect.',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a malformed e-mail with a French message', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ama', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Format d'e-mail invalide.");
  });

  it('accepts the access token with and without the Bearer prefix', async () => {
    const { accessToken } = await logIn(app(), 'ama@exemple.tg', 'motdepasse-solide');
    for (const authorization of [`Bearer ${accessToken}`, accessToken]) {
      const response = await app().inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization },
      });
      expect(response.statusCode, authorization.slice(0, 10)).toBe(200);
      expect(response.json().user.email).toBe('ama@exemple.tg');
    }
  });

  it('refuses missing, forged, endless, garbage and expired tokens with 401', async () => {
    const { body } = await logIn(app(), 'ama@exemple.tg', 'motdepasse-solide');
    const claims = {
      sub: body.user.id,
      org: body.organization.id,
      role: body.role.id,
      name: 'Ama',
    };
    const forged = await signAccessToken(
      accessTokenKeys('un-autre-secret-de-32-caracteres-au-moins'),
      claims,
    );
    const expired = await signAccessToken(
      accessTokenKeys(SECRET),
      claims,
      new Date(Date.now() - 16 * 60_000),
    );
    // Signed with the real secret, but without an expiry: it would never end.
    const endless = await new SignJWT({ org: claims.org, role: claims.role, name: claims.name })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer('ecolage')
      .setIssuedAt()
      .sign(accessTokenKeys(SECRET).secret);
    const required = 'Veuillez vous connecter.';
    const cases: [string | undefined, string, string][] = [
      [undefined, 'UNAUTHENTICATED', required],
      [`Bearer ${forged}`, 'UNAUTHENTICATED', required],
      [`Bearer ${endless}`, 'UNAUTHENTICATED', required],
      ['Bearer pas.un.jeton', 'UNAUTHENTICATED', required],
      [
        `Bearer ${expired}`,
        'SESSION_EXPIRED',
        'Votre session a expiré. Veuillez vous reconnecter.',
      ],
    ];
    for (const [authorization, code, message] of cases) {
      const response = await app().inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code, message });
    }
  });

  it('rotates the refresh token; a retry within 30 s is answered, a later reuse revokes the family', async () => {
    const first = await logIn(app(), 'ama@exemple.tg', 'motdepasse-solide');
    const refresh = (token: string) =>
      app().inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { ecolage_refresh: token },
      });
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    const secondToken =
      second.cookies.find((cookie) => cookie.name === 'ecolage_refresh')?.value ?? '';
    expect(secondToken).not.toBe(first.refreshToken);

    // Presented again at once (the answer was lost on the way): answered again.
    const retry = await refresh(first.refreshToken);
    expect(retry.statusCode).toBe(200);
    // A minute later it can only be a copy.
    await database().db.execute(
      sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
    );
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    // The legitimate holder's newer token died with the family.
    expect((await refresh(secondToken)).statusCode).toBe(401);
    const journal = await database().db.execute(
      sql`select 1 from audit_entries where action = 'auth.refresh_token_reused'`,
    );
    expect(journal.rows).toHaveLength(1);
  });

  it('logout revokes the refresh token and clears the cookie', async () => {
    const session = await logIn(app(), 'ama@exemple.tg', 'motdepasse-solide');
    const out = await app().inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { ecolage_refresh: session.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((cookie) => cookie.name === 'ecolage_refresh')?.value).toBe('');
    const again = await app().inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { ecolage_refresh: session.refreshToken },
    });
    expect(again.statusCode).toBe(401);
  });

  it('switches to another school of the member, and 404s for a school they are not in', async () => {
    const other = await registerSchool(app(), {
      email: 'kodjo@exemple.tg',
      schoolName: 'Lycée du Plateau',
    });
    const ama = await logIn(app(), 'ama@exemple.tg', 'motdepasse-solide');
    await database().db.transaction((tx) =>
      addMemberWithSystemRole(
        tx,
        {
          organizationId: other.organizationId,
          userId: ama.body.user.id,
          roleKey: 'reader',
          userLabel: 'Ama',
        },
        { actor: { type: 'system', label: 'Test' }, ip: null },
      ),
    );
    const switched = await app().inject({
      method: 'POST',
      url: '/api/auth/switch-school',
      headers: { authorization: `Bearer ${ama.accessToken}` },
      cookies: { ecolage_refresh: ama.refreshToken },
      payload: { organizationId: other.organizationId },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      organization: { id: other.organizationId, name: 'Lycée du Plateau' },
      role: { name: 'Lecteur' },
    });
    expect(switched.json().permissions.every((p: string) => p.startsWith('read:'))).toBe(true);
    expect(switched.json().memberships).toHaveLength(2);

    const newToken =
      switched.cookies.find((cookie) => cookie.name === 'ecolage_refresh')?.value ?? '';
    const foreign = await registerSchool(app(), {
      email: 'yao@exemple.tg',
      schoolName: 'École Yao',
    });
    const refused = await app().inject({
      method: 'POST',
      url: '/api/auth/switch-school',
      headers: { authorization: `Bearer ${switched.json().access_token}` },
      cookies: { ecolage_refresh: newToken },
      payload: { organizationId: foreign.organizationId },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('cuts a deactivated member at the next request', async () => {
    const session = await logIn(app(), 'kodjo@exemple.tg', 'motdepasse-solide');
    await database().db.execute(
      sql`update memberships set status = 'inactive' where user_id = ${session.body.user.id}`,
    );
    const response = await app().inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('brute force', () => {
  const { app } = useTestApp({
    loginPolicy: {
      failureDelayMs: () => 0,
      accountLockMs: (n) => (n >= 3 ? 60_000 : 0),
      ipLockMs: () => 0,
    },
  });

  it('locks the account after repeated failures, even for the right password, with Retry-After', async () => {
    const school = await registerSchool(app(), { email: 'cible@exemple.tg' });
    const attempt = (password: string) =>
      app().inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'cible@exemple.tg', password },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt('mauvais')).statusCode).toBe(401);
    const locked = await attempt(school.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'LOGIN_LOCKED',
      message: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
  });
});
