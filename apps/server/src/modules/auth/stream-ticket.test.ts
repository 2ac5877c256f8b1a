import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessTokenKeys, signAccessToken, verifyAccessToken } from './access-token';
import { signStreamTicket, ticketFromQuery, verifyStreamTicket } from './stream-ticket';

const keys = accessTokenKeys('secret-de-test-qui-fait-au-moins-32-caracteres');
const member = { sub: randomUUID(), org: randomUUID(), name: 'Awa Finance' };

describe('stream tickets', () => {
  it('open a member’s streams for a minute, then are refused as expired', async () => {
    const now = new Date('2026-11-26T08:00:00Z');
    const ticket = await signStreamTicket(keys, member, now);
    const check = await verifyStreamTicket(keys, ticket, new Date(now.getTime() + 59_000));
    expect(check).toMatchObject({ ok: true, claims: member });
    expect(await verifyStreamTicket(keys, ticket, new Date(now.getTime() + 61_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('are never access tokens, nor access tokens tickets', async () => {
    const ticket = await signStreamTicket(keys, member);
    expect((await verifyAccessToken(keys, ticket)).ok).toBe(false);
    const token = await signAccessToken(keys, { ...member, role: randomUUID() });
    expect((await verifyStreamTicket(keys, token)).ok).toBe(false);
    const otherSecret = accessTokenKeys('un-autre-secret-qui-fait-au-moins-32-caracteres');
    expect((await verifyStreamTicket(otherSecret, ticket)).ok).toBe(false);
  });

  it('are read from the address only when shaped like one', () => {
    expect(ticketFromQuery({ ticket: 'a.b.c' })).toBe('a.b.c');
    expect(ticketFromQuery({ ticket: ['a.b.c'] })).toBeUndefined();
    expect(ticketFromQuery({ ticket: 'pas un ticket' })).toBeUndefined();
    expect(ticketFromQuery(undefined)).toBeUndefined();
  });
});
