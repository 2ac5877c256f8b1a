import { createHmac } from 'node:crypto';
import {
  accessTokenClaimsSchema,
  apiErrorSchema,
  STREAM_TICKET_SECONDS,
  streamTicketResponseSchema,
  type AccessTokenClaims,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { requireMember } from '../../platform/http/request-member';
import type { AccessTokenKeys } from './access-token';
import type { TokenCheck } from './access-token';

/**
 * Tickets that open a member's event streams (decisions/0022). A browser's EventSource cannot
 * send the bearer header, so the page trades its access token for a ticket it may put in the
 * stream's address. A ticket is signed with a key of its own (derived from the secret), so it is
 * never an access token and an access token is never a ticket; it lives a minute; it opens only
 * the GET routes declared `eventStream`, where the auth plugin checks the member's role and
 * permission as for a bearer token (on every opening).
 */
const ISSUER = 'ecolage-stream';

function ticketKey(keys: AccessTokenKeys): Uint8Array {
  return new Uint8Array(createHmac('sha256', keys.secret).update('ecolage:stream-ticket').digest());
}

export function signStreamTicket(
  keys: AccessTokenKeys,
  claims: Pick<AccessTokenClaims, 'sub' | 'org' | 'name'>,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ org: claims.org, name: claims.name })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + STREAM_TICKET_SECONDS)
    .sign(ticketKey(keys));
}

/** Verifies a ticket as `verifyAccessToken` does a token; never throws. */
export async function verifyStreamTicket(
  keys: AccessTokenKeys,
  ticket: string,
  now = new Date(),
): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(ticket, ticketKey(keys), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'org'],
      maxTokenAge: STREAM_TICKET_SECONDS,
      currentDate: now,
    });
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > STREAM_TICKET_SECONDS) {
      return { ok: false, reason: 'invalid' };
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    return claims.success && claims.data.org && !claims.data.plat
      ? { ok: true, claims: claims.data }
      : { ok: false, reason: 'invalid' };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** The `?ticket=` of a request's address, if it has one. */
export function ticketFromQuery(query: unknown): string | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const ticket = (query as { ticket?: unknown }).ticket;
  return typeof ticket === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(ticket) ? ticket : undefined;
}

/** `POST /api/live/ticket`: a ticket for the signed-in member's event streams. */
export const streamTicketRoutes: FastifyPluginAsyncZod<{ keys: AccessTokenKeys }> = async (
  app,
  { keys },
) => {
  app.post(
    '/api/live/ticket',
    {
      config: { session: true },
      schema: {
        tags: ['Profil'],
        summary: "Ticket d'ouverture des flux en direct (une minute)",
        body: z.object({}).strict().nullish(),
        response: { 200: streamTicketResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const member = requireMember(request);
      const ticket = await signStreamTicket(keys, {
        sub: member.userId,
        org: member.organizationId,
        name: member.name,
      });
      return { ticket, expiresInSeconds: STREAM_TICKET_SECONDS };
    },
  );
};
