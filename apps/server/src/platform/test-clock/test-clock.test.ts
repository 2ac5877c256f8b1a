import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { loadConfig, sandboxOnly } from '../env';
import { currentTime, readTestClock, setTestClock } from './test-clock';

const moved: string[] = [];
const { app, database } = useTestApp({
  testClock: { onMoved: async () => void moved.push('moved') },
});

afterEach(() => {
  delete process.env.TEST_CLOCK;
});

describe('test clock', () => {
  it('is the real time, without a query, unless TEST_CLOCK=enabled', async () => {
    await setTestClock(database().db, new Date('2030-01-01T00:00:00Z'));
    const before = Date.now();
    const now = await currentTime(database().db);
    expect(now.getTime()).toBeGreaterThanOrEqual(before);
    expect(now.getTime()).toBeLessThan(before + 5_000);
    process.env.TEST_CLOCK = 'enabled';
    const moved = await currentTime(database().db);
    expect(Math.abs(moved.getTime() - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(5_000);
  });

  it('moves forwards and backwards through PUT /api/test-clock and starts the clock-driven jobs', async () => {
    process.env.TEST_CLOCK = 'enabled';
    moved.length = 0;
    const forward = await app().inject({
      method: 'PUT',
      url: '/api/test-clock',
      payload: { at: '2026-12-02T09:00:00+00:00' },
    });
    expect(forward.statusCode).toBe(200);
    expect(forward.json().at).toBe('2026-12-02T09:00:00.000Z');
    expect(moved).toEqual(['moved']);
    const read = await app().inject({ method: 'GET', url: '/api/test-clock' });
    expect(Math.abs(Date.parse(read.json().at) - Date.parse('2026-12-02T09:00:00Z'))).toBeLessThan(
      5_000,
    );
    const back = await app().inject({
      method: 'PUT',
      url: '/api/test-clock',
      payload: { at: '2026-11-01T09:00:00Z' },
    });
    expect(back.statusCode).toBe(200);
    const state = await readTestClock(database().db);
    expect(Math.abs(state.at.getTime() - Date.parse('2026-11-01T09:00:00Z'))).toBeLessThan(5_000);
    expect(moved).toEqual(['moved', 'moved']);
  });

  it('refuses a date that is not an instant, in French', async () => {
    const response = await app().inject({
      method: 'PUT',
      url: '/api/test-clock',
      payload: { at: 'demain' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Date invalide/);
  });

  it('is refused in production unless every provider is the local simulator', () => {
    const base = { NODE_ENV: 'production', TEST_CLOCK: 'enabled' };
    expect(() => loadConfig(base)).not.toThrow();
    const sandbox = {
      ...base,
      WAVE_API_KEY: 'wave_sn_prod_sandbox_ecolage_demo',
      WAVE_BASE_URL: 'http://127.0.0.1:3100/wave',
      SMS_GATEWAY_URL: 'http://127.0.0.1:3100/__sim/sms',
      SMTP_URL: 'smtp://127.0.0.1:3101',
    };
    expect(sandboxOnly(sandbox)).toBe(true);
    expect(() => loadConfig(sandbox)).not.toThrow();
    expect(() => loadConfig({ ...sandbox, WAVE_BASE_URL: undefined })).toThrow(/horloge de test/);
    expect(() =>
      loadConfig({ ...sandbox, SMS_GATEWAY_URL: 'https://sms.example.com/send' }),
    ).toThrow(/horloge de test/);
    expect(() =>
      loadConfig({ ...sandbox, SMS_GATEWAY_URL: 'https://sms.example.com/send', NODE_ENV: 'test' }),
    ).not.toThrow();
  });
});

describe('test clock route', () => {
  it('is not registered without TEST_CLOCK', async () => {
    const { buildApp } = await import('../../app');
    const { testAppOptions } = await import('../../test/test-app');
    const plain = await buildApp(testAppOptions(database()));
    const response = await plain.inject({ method: 'GET', url: '/api/test-clock' });
    expect(response.statusCode).toBe(404);
    await plain.close();
  });
});
