import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 3000,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      RATE_LIMIT_PER_MINUTE: 300,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('resolves DATA_DIR from where npm was invoked (INIT_CWD), not from a workspace', () => {
    expect(loadConfig({ INIT_CWD: '/srv/ecolage' }).dataDir).toBe('/srv/ecolage/data');
    expect(loadConfig({ INIT_CWD: '/srv/ecolage', DATA_DIR: '/var/lib/ecolage' }).dataDir).toBe(
      '/var/lib/ecolage',
    );
  });

  it('reads values and flags, ignoring empty strings', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://ecolage@db:5432/ecolage',
      SEED_DEMO: 'true',
      TRUST_PROXY: '1',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      SEED_DEMO: true,
      TRUST_PROXY: true,
      LOG_LEVEL: 'info',
    });
  });

  it('takes an http(s) SMS gateway, none by default', () => {
    expect(loadConfig({}).SMS_GATEWAY_URL).toBeUndefined();
    expect(loadConfig({ SMS_GATEWAY_URL: 'http://127.0.0.1:3100/__sim/sms' }).SMS_GATEWAY_URL).toBe(
      'http://127.0.0.1:3100/__sim/sms',
    );
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'file:///etc/passwd' })).toThrow(
      /SMS_GATEWAY_URL: SMS_GATEWAY_URL doit être une adresse http\(s\)\./,
    );
  });

  it('takes an smtp(s) server for e-mails, none by default, and a sender', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({}).MAIL_FROM).toBe('Écolage <no-reply@ecolage.local>');
    const config = loadConfig({
      SMTP_URL: 'smtps://ecolage:secret@smtp.example.tg:465',
      MAIL_FROM: 'École Démo <scolarite@ecole-demo.tg>',
    });
    expect(config.SMTP_URL).toBe('smtps://ecolage:secret@smtp.example.tg:465');
    expect(config.MAIL_FROM).toBe('École Démo <scolarite@ecole-demo.tg>');
    expect(() => loadConfig({ SMTP_URL: 'http://127.0.0.1:2525' })).toThrow(
      /SMTP_URL: SMTP_URL doit être une adresse smtp:\/\/ ou smtps:\/\/\./,
    );
  });

  it('lists every invalid variable in one French message', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'peut-être' }),
    ).toThrow(
      /Configuration invalide :\n {2}PORT: .*\n {2}DATABASE_URL: DATABASE_URL doit commencer par postgres:\/\/.*\n {2}SEED_DEMO/s,
    );
  });
});
