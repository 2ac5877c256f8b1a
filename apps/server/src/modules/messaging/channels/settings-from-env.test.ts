import { describe, expect, it } from 'vitest';
import { messagingSettingsFromEnv } from './settings-from-env';

describe('messagingSettingsFromEnv', () => {
  it('keeps SMS captured without a provider, and today’s gateway with SMS_GATEWAY_URL alone', () => {
    expect(messagingSettingsFromEnv({ PORT: 4100 })).toEqual({
      sms: null,
      whatsapp: null,
      callbackBaseUrl: 'http://127.0.0.1:4100',
    });
    expect(
      messagingSettingsFromEnv({ SMS_GATEWAY_URL: 'http://127.0.0.1:4101/__sim/sms' }).sms,
    ).toEqual({ url: 'http://127.0.0.1:4101/__sim/sms', senderId: 'ECOLAGE' });
  });

  it('builds Twilio with its default base and the callback origin of the payments', () => {
    const settings = messagingSettingsFromEnv({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'token',
      SMS_SENDER_ID: 'CSStMichel',
      PUBLIC_URL: 'https://ecolage.tg',
      PSP_CALLBACK_BASE_URL: 'https://hooks.ecolage.tg/',
    });
    expect(settings.sms).toEqual({
      provider: 'twilio',
      baseUrl: 'https://api.twilio.com',
      accountSid: 'AC1',
      authToken: 'token',
      senderId: 'CSStMichel',
      callbackBaseUrl: 'https://hooks.ecolage.tg',
    });
  });

  it('says in French what a chosen provider lacks', () => {
    expect(() => messagingSettingsFromEnv({ SMS_PROVIDER: 'infobip' })).toThrow(
      /INFOBIP_BASE_URL, INFOBIP_API_KEY, INFOBIP_WEBHOOK_TOKEN : requis avec SMS_PROVIDER=infobip/,
    );
    expect(() => messagingSettingsFromEnv({ WHATSAPP_ACCESS_TOKEN: 'x' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN : requis pour envoyer par WhatsApp/,
    );
  });

  it('takes SMS_GATEWAY_URL as the HTTP aggregator’s base when SMS_HTTP_BASE_URL is unset', () => {
    const { sms } = messagingSettingsFromEnv({
      SMS_PROVIDER: 'http',
      SMS_GATEWAY_URL: 'https://edok-api.kingsmspro.com/api/v1',
      SMS_HTTP_API_KEY: 'k',
      SMS_HTTP_CLIENT_ID: 'c',
      SMS_HTTP_WEBHOOK_TOKEN: 'secret-token-0123456',
    });
    expect(sms).toMatchObject({
      provider: 'http',
      baseUrl: 'https://edok-api.kingsmspro.com/api/v1',
    });
  });
});
