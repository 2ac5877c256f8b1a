import { randomBytes } from 'node:crypto';
import { SHORT_LINK_CODE } from '@ecolage/contracts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 10 base62 characters: log2(62) × 10 ≈ 59.5 bits, above research §7.9's 47. */
export const SHORT_LINK_CODE_LENGTH = 10;
/** The largest multiple of 62 below 256: bytes above it are dropped (no letter more likely). */
const UNBIASED_LIMIT = 62 * Math.floor(256 / 62);

/** A new random code, from the operating system's generator (never sequential). */
export function newShortLinkCode(): string {
  let code = '';
  while (code.length < SHORT_LINK_CODE_LENGTH) {
    for (const byte of randomBytes(SHORT_LINK_CODE_LENGTH * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      code += BASE62[byte % 62];
      if (code.length === SHORT_LINK_CODE_LENGTH) break;
    }
  }
  return code;
}

/** A code as our links write them: anything else is unknown without asking the database. */
export function isShortLinkCode(code: string): boolean {
  return SHORT_LINK_CODE.test(code);
}

/**
 * Link previewers and crawlers that open a link before (or instead of) a person: WhatsApp's and
 * Telegram's cards, Facebook's and Slack's unfurlers, search engines… They are redirected like
 * anyone, but their visit is not a click.
 */
const PREVIEW_AGENTS =
  /whatsapp|facebookexternalhit|facebot|meta-externalagent|telegrambot|slackbot|slack-imgproxy|twitterbot|linkedinbot|discordbot|skypeuripreview|googlebot|bingbot|applebot|yandex|baiduspider|duckduckbot|embedly|pinterest|redditbot|vkshare|iframely|preview|crawler|spider|\bbot\b|bot\/\d/i;

/** Whether the visit comes from a previewer or crawler (or gives no user agent at all). */
export function isLinkPreviewer(userAgent: string | undefined): boolean {
  if (!userAgent?.trim()) return true;
  return PREVIEW_AGENTS.test(userAgent);
}
