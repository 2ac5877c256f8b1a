import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { campaigns } from '../campaigns/campaigns.tables';
import {
  campaignTouchFor,
  configureCampaignTouches,
  readCampaignTouch,
  signCampaignTouch,
  verifyCampaignTouch,
} from './touch-tokens';

const { app, database } = useTestApp();
const db = () => database().db;
const DAY = 24 * 60 * 60 * 1000;

/** A campaign of the school, written as campaigns' service does. */
async function campaignOf(organizationId: string, code: string) {
  const [row] = await db()
    .insert(campaigns)
    .values({
      organizationId,
      code,
      name: `Campagne ${code}`,
      channel: 'facebook',
      budget: 100_000,
      startsOn: '2026-06-01',
      endsOn: '2026-09-30',
      destination: 'pre_registration',
      createdBy: 'Test',
    })
    .returning();
  return row!;
}

/** One character changed in the middle of `text`. */
function altered(text: string, at: number): string {
  const next = text[at] === 'A' ? 'B' : 'A';
  return `${text.slice(0, at)}${next}${text.slice(at + 1)}`;
}

describe('campaign touch tokens', () => {
  it('signs a touch of a campaign of the school, read back with its time (whole seconds)', () => {
    const schoolId = randomUUID();
    const campaignId = randomUUID();
    const at = new Date('2026-07-01T10:00:00.750Z');
    const token = signCampaignTouch(schoolId, campaignId, at);
    expect(token).toMatch(/^[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{22}$/);
    expect(readCampaignTouch(schoolId, token, new Date(at.getTime() + DAY))).toEqual({
      campaignId,
      touchedAt: new Date('2026-07-01T10:00:00.000Z'),
    });
  });

  it('refuses a tampered token, another school’s, one older than 30 days or from the future', () => {
    const schoolId = randomUUID();
    const at = new Date('2026-07-01T10:00:00Z');
    const token = signCampaignTouch(schoolId, randomUUID(), at);
    for (const index of [0, 10, 26, 28, 40, token.length - 1]) {
      expect(readCampaignTouch(schoolId, altered(token, index), at)).toBeNull();
    }
    expect(readCampaignTouch(randomUUID(), token, at)).toBeNull();
    expect(readCampaignTouch(schoolId, `${token}x`, at)).toBeNull();
    expect(readCampaignTouch(schoolId, '', at)).toBeNull();
    expect(readCampaignTouch(schoolId, token, new Date(at.getTime() + 30 * DAY))).not.toBeNull();
    expect(readCampaignTouch(schoolId, token, new Date(at.getTime() + 30 * DAY + 1000))).toBeNull();
    expect(readCampaignTouch(schoolId, token, new Date(at.getTime() - DAY))).toBeNull();
  });

  it('refuses a token signed with another server secret', () => {
    const schoolId = randomUUID();
    const at = new Date('2026-07-01T10:00:00Z');
    configureCampaignTouches('un-autre-secret-qui-fait-au-moins-32-caracteres');
    const foreign = signCampaignTouch(schoolId, randomUUID(), at);
    configureCampaignTouches('secret-de-test-qui-fait-au-moins-32-caracteres');
    expect(readCampaignTouch(schoolId, foreign, at)).toBeNull();
  });

  it('gives a token for a utm_campaign of the school only, verified while its campaign exists', async () => {
    const school = await signUpSchool(app(), 'Lycée Touches');
    const other = await signUpSchool(app(), 'Collège Ailleurs');
    const campaign = await campaignOf(school.organizationId, 'rentree-2026-x7k');
    await campaignOf(other.organizationId, 'portes-ouvertes-q2m');
    const now = new Date('2026-07-01T10:00:00Z');

    expect(await campaignTouchFor(db(), school.organizationId, 'inconnue', now)).toBeNull();
    expect(await campaignTouchFor(db(), school.organizationId, '', now)).toBeNull();
    expect(
      await campaignTouchFor(db(), school.organizationId, 'portes-ouvertes-q2m', now),
    ).toBeNull();
    const token = await campaignTouchFor(db(), school.organizationId, ' Rentree-2026-X7K ', now);
    expect(token).not.toBeNull();

    const later = new Date(now.getTime() + 12 * DAY);
    expect(await verifyCampaignTouch(db(), school.organizationId, token!, later)).toEqual({
      campaignId: campaign.id,
      touchedAt: now,
    });
    expect(await verifyCampaignTouch(db(), other.organizationId, token!, later)).toBeNull();
    expect(
      await verifyCampaignTouch(
        db(),
        school.organizationId,
        token!,
        new Date(now.getTime() + 31 * DAY),
      ),
    ).toBeNull();
    expect(
      await verifyCampaignTouch(db(), school.organizationId, altered(token!, 5), later),
    ).toBeNull();
    // Well signed for the school, but no such campaign (deleted, or never one).
    const unknown = signCampaignTouch(school.organizationId, randomUUID(), now);
    expect(await verifyCampaignTouch(db(), school.organizationId, unknown, later)).toBeNull();
  });
});
