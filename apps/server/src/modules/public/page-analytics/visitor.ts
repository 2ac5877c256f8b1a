import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * What identifies a visitor for a day, and only feeds the hash: never stored, never logged.
 * `doNotTrack`: the browser asked not to be followed (`DNT: 1` or `Sec-GPC: 1`), or it is a robot.
 */
export interface VisitorFingerprint {
  ip: string;
  userAgent: string;
  doNotTrack: boolean;
}

/**
 * Robots, crawlers, headless browsers, audits and the link previews of messengers and networks:
 * they see the pages but are nobody's visit.
 */
const ROBOT =
  /bot\b|bot\/|crawl|spider|slurp|headless|lighthouse|pagespeed|preview|facebookexternalhit|facebookcatalog|whatsapp\/|telegrambot|embedly|quora link|skypeuripreview|bingpreview|curl\/|wget\/|python|httpclient|http-client|okhttp|node-fetch|undici|axios|go-http|java\/|libwww|phantomjs|selenium|puppeteer|playwright|pingdom|uptime|monitor|scan/i;

/** A user agent no person browses with (or none at all). */
export function isRobot(userAgent: string): boolean {
  return userAgent.trim() === '' || ROBOT.test(userAgent);
}

/** The request's visitor as the hash needs it (the address as Fastify trusts it). */
export function visitorFingerprint(request: FastifyRequest): VisitorFingerprint {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim();
  };
  const userAgent = header('user-agent')?.slice(0, 500) ?? '';
  return {
    ip: request.ip,
    userAgent,
    doNotTrack: header('dnt') === '1' || header('sec-gpc') === '1' || isRobot(userAgent),
  };
}

/**
 * The visitor's id for one school under one salt: HMAC-SHA256(salt, browser \0 address \0 school)
 * truncated to a signed 64-bit integer (PostgreSQL's bigint). Another school, another id; another
 * day (salt), another id.
 */
export function visitorId(salt: Buffer, visitor: VisitorFingerprint, organizationId: string) {
  const mac = createHmac('sha256', salt)
    .update(`${visitor.userAgent}\u0000${visitor.ip}\u0000${organizationId}`)
    .digest();
  return mac.readBigInt64BE(0);
}
