import { afterEach, describe, expect, it } from 'vitest';
import { keepCampaignTouch } from './campaign-touch';

const DAY = 24 * 60 * 60 * 1000;
const KEY = 'ecolage:campagne:lycee-du-lac';

/** The pre-registration form as the server renders it, with the page's touch (or none). */
function formWith(token: string) {
  document.body.innerHTML = `<form method="post" action="/inscription/lycee-du-lac">
    <input type="hidden" name="campaignTouch" value="${token}" data-campaign-touch />
    <button type="submit">Envoyer la demande</button>
  </form>`;
  return {
    field: document.querySelector<HTMLInputElement>('input[data-campaign-touch]')!,
    submit: () => document.querySelector('form')!.dispatchEvent(new Event('submit')),
  };
}

describe('a campaign’s touch kept by the payer script', () => {
  afterEach(() => localStorage.clear());

  it('keeps the page’s touch for the school and posts it on a later visit without the link', () => {
    let now = Date.parse('2026-07-01T10:00:00Z');
    const clock = () => now;
    formWith('touche-facebook');
    keepCampaignTouch('lycee-du-lac', clock);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ t: 'touche-facebook', at: now });

    now += 12 * DAY;
    const later = formWith('');
    keepCampaignTouch('lycee-du-lac', clock);
    later.submit();
    expect(later.field.value).toBe('touche-facebook');
  });

  it('lets the last touch win, and keeps another school’s apart', () => {
    const clock = () => Date.parse('2026-07-01T10:00:00Z');
    formWith('touche-affiche');
    keepCampaignTouch('lycee-du-lac', clock);
    formWith('touche-sms');
    keepCampaignTouch('lycee-du-lac', clock);
    formWith('touche-autre-ecole');
    keepCampaignTouch('college-voisin', clock);

    const visit = formWith('');
    keepCampaignTouch('lycee-du-lac', clock);
    visit.submit();
    expect(visit.field.value).toBe('touche-sms');
  });

  it('forgets a touch older than 30 days, and sends nothing without one', () => {
    let now = Date.parse('2026-07-01T10:00:00Z');
    formWith('touche-ancienne');
    keepCampaignTouch('lycee-du-lac', () => now);
    now += 31 * DAY;
    const visit = formWith('');
    keepCampaignTouch('lycee-du-lac', () => now);
    visit.submit();
    expect(visit.field.value).toBe('');
    expect(localStorage.getItem(KEY)).toBeNull();

    const none = formWith('');
    keepCampaignTouch('lycee-du-lac', () => now);
    none.submit();
    expect(none.field.value).toBe('');
  });

  it('still posts the page’s own touch when the browser refuses storage', () => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    try {
      const page = formWith('touche-privee');
      keepCampaignTouch('lycee-du-lac');
      page.submit();
      expect(page.field.value).toBe('touche-privee');
    } finally {
      Storage.prototype.setItem = setItem;
    }
  });
});
