import { createHmac, timingSafeEqual } from 'node:crypto';
import { CAMPAIGN_ATTRIBUTION_DAYS } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { findCampaign, findCampaignIdByCodes } from '../campaigns/campaigns.repository';

/**
 * A campaign touch: what the pre-registration form's page renders when it is opened through a
 * campaign's link (`utm_campaign=<code>` of a campaign of that school), kept by the browser
 * (localStorage, per school, last touch wins) and posted with the pre-registration. The token is
 * `<payload>.<signature>`: the payload, in base64url, is the campaign's id (16 bytes) and the
 * second it was issued (4 bytes); the signature is 16 bytes of HMAC-SHA256 over the school's id
 * and the payload, under a key drawn from the server's secret (the one that signs access tokens,
 * payment links and opt-out links, domain-separated). Nothing personal in it, no cookie; a token
 * altered by one character, made without the secret, or carried to another school is refused
 * before the database is asked.
 */

let signingKey: Buffer | null = null;

/**
 * Says, once at start-up (buildApp), which secret signs the campaign touches: `JWT_SECRET` or the
 * one the data directory keeps (platform/secrets.ts).
 */
export function configureCampaignTouches(serverSecret: string): void {
  signingKey = createHmac('sha256', serverSecret).update('ecolage:campaign-touches:v1').digest();
}

function key(): Buffer {
  if (!signingKey) {
    throw new Error('marketing: configureCampaignTouches(secret) was not called in this process');
  }
  return signingKey;
}

const TOKEN = /^([A-Za-z0-9_-]{27})\.([A-Za-z0-9_-]{22})$/;
const SIGNATURE_BYTES = 16;
const DAY_SECONDS = 24 * 60 * 60;
/** A touch from a clock slightly ahead (another server) still counts. */
const FUTURE_SLACK_SECONDS = 5 * 60;

function hexOf(uuid: string): Buffer {
  return Buffer.from(uuid.replaceAll('-', ''), 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function signature(organizationId: string, payload: string): string {
  return createHmac('sha256', key())
    .update(hexOf(organizationId))
    .update(payload)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

/** The signed token of a touch of this school's campaign at `issuedAt`. */
export function signCampaignTouch(
  organizationId: string,
  campaignId: string,
  issuedAt: Date,
): string {
  const seconds = Buffer.alloc(4);
  seconds.writeUInt32BE(Math.floor(issuedAt.getTime() / 1000));
  const payload = Buffer.concat([hexOf(campaignId), seconds]).toString('base64url');
  return `${payload}.${signature(organizationId, payload)}`;
}

/**
 * What a token says when it was signed for this school and is at most 30 days old (and not from
 * the future); else null. The campaign's existence is not checked here.
 */
export function readCampaignTouch(
  organizationId: string,
  token: string,
  now: Date,
): { campaignId: string; touchedAt: Date } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, payload = '', given = ''] = match;
  const expected = Buffer.from(signature(organizationId, payload));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 20) return null;
  const issued = bytes.readUInt32BE(16);
  const age = Math.floor(now.getTime() / 1000) - issued;
  if (age > CAMPAIGN_ATTRIBUTION_DAYS * DAY_SECONDS || age < -FUTURE_SLACK_SECONDS) return null;
  return { campaignId: uuidOf(bytes.subarray(0, 16)), touchedAt: new Date(issued * 1000) };
}

/** utm_campaign as typed, and lower-cased (our codes are slugs); anything longer is not ours. */
function campaignCodes(utmCampaign: string): string[] {
  const code = utmCampaign.trim();
  return code && code.length <= 100 ? [...new Set([code, code.toLowerCase()])] : [];
}

/**
 * Signed touch token for the landing page of a campaign link (rendered by admissions' form page
 * when the URL carries utm_campaign of an existing campaign of THAT school): base64url of
 * campaignId.issuedAtSeconds + HMAC. null when the school has no campaign with that code.
 */
export async function campaignTouchFor(
  db: DbOrTx,
  organizationId: string,
  utmCampaign: string,
  now: Date,
): Promise<string | null> {
  const codes = campaignCodes(utmCampaign);
  if (codes.length === 0) return null;
  const campaignId = await findCampaignIdByCodes(db, organizationId, codes);
  return campaignId ? signCampaignTouch(organizationId, campaignId, now) : null;
}

/**
 * Verifies a token kept by the browser (localStorage, last touch wins) and sent with the
 * pre-registration: HMAC, same school, campaign exists, age ≤ 30 days. null when not valid.
 */
export async function verifyCampaignTouch(
  db: DbOrTx,
  organizationId: string,
  token: string,
  now: Date,
): Promise<{ campaignId: string; touchedAt: Date } | null> {
  const touch = readCampaignTouch(organizationId, token.trim(), now);
  if (!touch) return null;
  return (await findCampaign(db, organizationId, touch.campaignId)) ? touch : null;
}
