import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBeacon } from './beacon';

/** A Blob's text (jsdom's Blob has no `text()`). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

/** What the beacon sent, decoded: each Blob's text as JSON. */
async function sentEvents(beacon: ReturnType<typeof vi.fn>) {
  return Promise.all(
    beacon.mock.calls.map(async (call) => {
      const [url, blob] = call as [string, Blob];
      return { url, type: blob.type, body: JSON.parse(await textOf(blob)) as unknown };
    }),
  );
}

describe('the public pages’ beacon', () => {
  let beacon: ReturnType<typeof vi.fn>;
  let stop: () => void = () => undefined;
  beforeEach(() => {
    beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: beacon }));
    window.history.replaceState(null, '', '/payer/lycee-cocotiers?utm_source=facebook&x=1');
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('sends the page view as text, then one engagement at the first interaction only', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://l.facebook.com/');
    stop = startBeacon('lycee-cocotiers', 'paiement');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    document.body.dispatchEvent(new Event('input', { bubbles: true }));
    expect(await sentEvents(beacon)).toEqual([
      {
        url: '/api/public/visits',
        type: 'text/plain',
        body: {
          s: 'lycee-cocotiers',
          p: 'paiement',
          r: 'https://l.facebook.com/',
          q: '?utm_source=facebook&x=1',
        },
      },
      {
        url: '/api/public/visits',
        type: 'text/plain',
        body: { s: 'lycee-cocotiers', p: 'paiement', e: 'engagement' },
      },
    ]);
  });

  it('sends nothing when the browser asks not to be followed (DNT or GPC)', () => {
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), { sendBeacon: beacon, doNotTrack: '1' }),
    );
    stop = startBeacon('lycee-cocotiers', 'lien');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), { sendBeacon: beacon, globalPrivacyControl: true }),
    );
    stop = startBeacon('lycee-cocotiers', 'lien');
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(beacon).not.toHaveBeenCalled();
  });

  it('sends nothing on a page of no school', () => {
    stop = startBeacon(undefined, undefined);
    expect(beacon).not.toHaveBeenCalled();
  });

  it('falls back to fetch with keepalive when the beacon is refused', async () => {
    beacon.mockReturnValue(false);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    stop = startBeacon('lycee-cocotiers', 'inscription');
    expect(fetchMock).toHaveBeenCalledWith('/api/public/visits', {
      method: 'POST',
      body: JSON.stringify({
        s: 'lycee-cocotiers',
        p: 'inscription',
        r: '',
        q: '?utm_source=facebook&x=1',
      }),
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'text/plain' },
    });
  });
});
