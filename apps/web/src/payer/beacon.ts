// The public pages' beacon (cookie-less page analytics, issue 20): one page view, then one
// « engagement » at the first interaction. It sends the school's slug, the page's name, the
// referrer and the query (the server keeps the referrer's host and the utm_* tags only); no
// cookie, no storage, nothing when the browser asks not to be followed.

const ENDPOINT = '/api/public/visits';
const INTERACTIONS = ['pointerdown', 'keydown', 'input'] as const;

type PrivateNavigator = Navigator & { globalPrivacyControl?: boolean };

/** Posts one event as text (no preflight); `fetch` with keepalive where there is no beacon. */
export function sendVisitEvent(event: Record<string, string>): void {
  const body = JSON.stringify(event);
  try {
    if (navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'text/plain' }))) return;
  } catch {
    // No sendBeacon: fetch below.
  }
  fetch(ENDPOINT, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'text/plain' },
  }).catch(() => undefined);
}

/**
 * Reports the page of `school` (its slug) and the first interaction with it; returns what stops
 * listening (a page of the web app that is left). Nothing when « do not track » is on.
 */
export function startBeacon(school: string | undefined, page: string | undefined): () => void {
  const browser = navigator as PrivateNavigator;
  if (!school || !page || browser.doNotTrack === '1' || browser.globalPrivacyControl) {
    return () => undefined;
  }
  const visit = { s: school, p: page };
  sendVisitEvent({
    ...visit,
    r: document.referrer.slice(0, 500),
    q: location.search.slice(0, 500),
  });
  function engaged() {
    stop();
    sendVisitEvent({ ...visit, e: 'engagement' });
  }
  const stop = () => {
    for (const type of INTERACTIONS) removeEventListener(type, engaged, true);
  };
  for (const type of INTERACTIONS) addEventListener(type, engaged, true);
  return stop;
}
