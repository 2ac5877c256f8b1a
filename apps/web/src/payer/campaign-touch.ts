// A campaign's touch (issue 21): the pre-registration page opened through a campaign's link
// carries a signed token (`data-campaign-touch`); the browser keeps it 30 days for that school
// (localStorage, the last touch wins, no cookie) and posts it with the form, even when the
// parent comes back later without the link. The server checks it again (signature, school, age).

const DAYS_30 = 30 * 24 * 60 * 60 * 1000;
const keyOf = (school: string) => `ecolage:campagne:${school}`;

/** Keeps the page's touch (if any), then fills the form's empty field with the kept one at submit. */
export function keepCampaignTouch(school: string | undefined, now = Date.now): void {
  const field = document.querySelector<HTMLInputElement>('input[data-campaign-touch]');
  if (!school || !field) return;
  const key = keyOf(school);
  try {
    if (field.value) localStorage.setItem(key, JSON.stringify({ t: field.value, at: now() }));
  } catch {
    // Storage refused (private browsing): the token is in the field all the same.
  }
  field.form?.addEventListener('submit', () => {
    try {
      const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as { t?: string; at?: number };
      if (!kept?.t || !(now() - (kept.at ?? 0) <= DAYS_30)) {
        localStorage.removeItem(key);
      } else if (!field.value) field.value = kept.t;
    } catch {
      // Nothing kept, or unreadable: the request is simply not attributed.
    }
  });
}
