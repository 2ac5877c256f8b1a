import { describe, expect, it } from 'vitest';
import { classifyVisitSource, cleanTag, referrerHostOf } from './traffic-channel';

const OWN = 'ecolage.tg';
const channelOf = (referrer?: string, query?: string) =>
  classifyVisitSource({ referrer, query, ownHost: OWN }).channel;

describe('the channel of a visit', () => {
  it('is direct without a referrer, or from our own site', () => {
    expect(channelOf()).toBe('direct');
    expect(channelOf('')).toBe('direct');
    expect(channelOf('https://ecolage.tg/payer/lycee')).toBe('direct');
    expect(channelOf('https://www.ecolage.tg/')).toBe('direct');
    expect(channelOf('pas une adresse')).toBe('direct');
  });

  it('is social from the networks and messengers, their subdomains and Android apps', () => {
    for (const referrer of [
      'https://www.facebook.com/',
      'https://l.facebook.com/l.php?u=x',
      'https://m.facebook.com/',
      'https://fb.me/abc',
      'https://l.instagram.com/',
      'https://t.co/xyz',
      'https://twitter.com/ecole',
      'https://x.com/ecole',
      'https://www.linkedin.com/feed',
      'https://www.tiktok.com/@ecole',
      'https://web.whatsapp.com/',
      'https://wa.me/22890000000',
      'https://www.youtube.com/watch?v=1',
      'https://youtu.be/1',
      'https://www.snapchat.com/',
      'https://t.me/ecole',
      'https://web.telegram.org/',
      'android-app://com.facebook.katana/',
      'android-app://com.whatsapp/',
    ]) {
      expect(channelOf(referrer), referrer).toBe('social');
    }
  });

  it('is a referral from any other site, even one whose name contains a network’s', () => {
    expect(channelOf('https://www.google.com/')).toBe('referral');
    expect(channelOf('https://republicoftogo.com/ecoles')).toBe('referral');
    expect(channelOf('https://notfacebook.com/')).toBe('referral');
    expect(channelOf('https://x.com.example.org/')).toBe('referral');
    expect(channelOf('android-app://com.google.android.gm/')).toBe('referral');
  });

  it('is a campaign with utm_source or utm_medium, wherever it was clicked', () => {
    expect(channelOf(undefined, '?utm_source=sms&utm_campaign=rentree')).toBe('campaign');
    expect(channelOf('https://l.facebook.com/', 'utm_medium=affiche')).toBe('campaign');
    expect(channelOf('https://www.google.com/', '?utm_campaign=seule')).toBe('referral');
    expect(channelOf(undefined, '?utm_source=')).toBe('direct');
  });

  it('keeps the referrer’s host only and the cleaned tags', () => {
    expect(
      classifyVisitSource({
        referrer: 'https://WWW.Example.org:8443/chemin?jeton=secret#x',
        query:
          '?utm_source=%20Facebook%0A%20Ads%20&utm_medium=social&utm_campaign=' +
          'r'.repeat(300) +
          '&token=abc',
        ownHost: OWN,
      }),
    ).toEqual({
      channel: 'campaign',
      referrerHost: 'example.org',
      utmSource: 'Facebook Ads',
      utmMedium: 'social',
      utmCampaign: 'r'.repeat(100),
    });
    expect(referrerHostOf('javascript:alert(1)')).toBeNull();
    expect(referrerHostOf('https://école.tg/')).toBe('xn--cole-9oa.tg');
    expect(cleanTag('\u0000\u200b  ')).toBeNull();
  });
});
