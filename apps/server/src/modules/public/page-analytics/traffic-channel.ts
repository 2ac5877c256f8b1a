import type { TrafficChannel } from '@ecolage/contracts';

/** Where a visit came from, as stored: the referrer's host only, and the campaign's tags. */
export interface VisitSource {
  channel: TrafficChannel;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** Social networks and messengers, by their domains (a subdomain counts: m.facebook.com). */
const SOCIAL_DOMAINS = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'messenger.com',
  'instagram.com',
  't.co',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'lnkd.in',
  'tiktok.com',
  'whatsapp.com',
  'whatsapp.net',
  'wa.me',
  'youtube.com',
  'youtu.be',
  'snapchat.com',
  'telegram.org',
  'telegram.me',
  't.me',
];
/** Android apps' referrers (`android-app://com.facebook.katana`): the app's package words. */
const SOCIAL_APPS =
  /(^|\.)(facebook|instagram|twitter|linkedin|tiktok|musically|whatsapp|youtube|snapchat|telegram)(\.|$)/;

const TAG_LENGTH = 100;

/** A campaign tag as stored: printable characters, spaces folded, 100 characters at most. */
export function cleanTag(value: string | null | undefined): string | null {
  if (!value) return null;
  const cleaned = value
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TAG_LENGTH)
    .trim();
  return cleaned || null;
}

/** The referrer's host, lower case without `www.`, or null when there is none or it is no URL. */
export function referrerHostOf(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer.trim());
    const host = url.protocol === 'android-app:' ? url.host || url.pathname : url.hostname;
    const cleaned = host
      .toLowerCase()
      .replace(/^www\./, '')
      .replace(/\.$/, '')
      .slice(0, 253);
    return /^[a-z0-9.-]+$/.test(cleaned) && cleaned !== '' ? cleaned : null;
  } catch {
    return null;
  }
}

function isSocial(host: string, isApp: boolean): boolean {
  if (isApp) return SOCIAL_APPS.test(host);
  return SOCIAL_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * The channel of a visit: a tagged link (utm_source or utm_medium) is a campaign wherever it was
 * clicked (an SMS carries no referrer); else no referrer or our own site is direct, a social
 * network is social, any other site a referral. Only the utm_* of the query are read.
 */
export function classifyVisitSource(input: {
  referrer?: string | null;
  query?: string | null;
  ownHost: string;
}): VisitSource {
  const params = new URLSearchParams((input.query ?? '').replace(/^\?/, ''));
  const utmSource = cleanTag(params.get('utm_source'));
  const utmMedium = cleanTag(params.get('utm_medium'));
  const utmCampaign = cleanTag(params.get('utm_campaign'));
  const host = referrerHostOf(input.referrer);
  const ownHost = input.ownHost.toLowerCase().replace(/^www\./, '');
  const referrerHost = host === ownHost ? null : host;
  const isApp = input.referrer?.trim().toLowerCase().startsWith('android-app:') ?? false;
  const channel: TrafficChannel =
    utmSource || utmMedium
      ? 'campaign'
      : !referrerHost
        ? 'direct'
        : isSocial(referrerHost, isApp)
          ? 'social'
          : 'referral';
  return { channel, referrerHost, utmSource, utmMedium, utmCampaign };
}
