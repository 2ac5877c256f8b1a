import { describe, expect, it, vi } from 'vitest';
import { makeSession, sessionAnswer, storeSession } from '../../test/session';
import {
  can,
  firstName,
  getSession,
  initials,
  sessionFromResponse,
  subscribeToSession,
  updateSessionUser,
} from './session-store';

describe('session helpers', () => {
  it('turns a login answer into the stored session, with the expiry time', () => {
    const now = Date.UTC(2026, 0, 5, 8, 0, 0);
    const session = sessionFromResponse(sessionAnswer({ expires_in: 900 }), now);
    expect(session.accessToken).toBe('jeton-a');
    expect(session.expiresAt).toBe(now + 900_000);
    expect(Object.keys(session)).toEqual([
      'accessToken',
      'expiresAt',
      'user',
      'organization',
      'role',
      'permissions',
      'memberships',
    ]);
  });

  it('checks a permission of the current role', () => {
    const cashier = makeSession({ permissions: ['read:payments'] });
    expect(can('read:payments', cashier)).toBe(true);
    expect(can('read:audit', cashier)).toBe(false);
    expect(can('read:payments', null)).toBe(false);
  });

  it('greets by the first name and draws initials', () => {
    expect(firstName('  Ama   Mensah ')).toBe('Ama');
    expect(initials('Ama Mensah')).toBe('AM');
    expect(initials('Kossi Yao Agbéko')).toBe('KA');
    expect(initials('élodie')).toBe('É');
  });
});

describe('updateSessionUser', () => {
  it('puts a profile change into the stored session and tells the subscribers', () => {
    const before = storeSession();
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    updateSessionUser({ name: 'Afi Mensah', avatarUrl: '/api/avatars/afi.png' });
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getSession()?.user).toEqual({
      ...before.user,
      name: 'Afi Mensah',
      avatarUrl: '/api/avatars/afi.png',
    });
    expect(getSession()?.accessToken).toBe(before.accessToken);
  });

  it('does nothing when nothing changes or nobody is signed in', () => {
    const before = storeSession();
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    updateSessionUser({ name: before.user.name, email: before.user.email });
    expect(listener).not.toHaveBeenCalled();
    window.localStorage.clear();
    updateSessionUser({ name: 'Personne' });
    unsubscribe();
    expect(getSession()).toBeNull();
  });
});
