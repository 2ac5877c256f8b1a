import {
  campaignAudienceLabels,
  campaignChannelLabels,
  campaignDestinationLabels,
  campaignStatusOf,
  type campaignListQuerySchema,
  type Campaign,
  type CampaignRequest,
  type CampaignResults,
  type CampaignSending,
} from '@ecolage/contracts';
import type { z } from 'zod';
import type { DbOrTx, Transaction } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { campaignResults } from '../attribution/campaign-results';
import { campaignSendingOf } from '../sending/campaign-sending-figures';
import { schoolDayOf, type CampaignsContext } from './campaign-context';
import { newCampaignCode } from './campaign-code';
import { addCampaignLink, MAIN_LINK_LABEL } from './campaign-links.service';
import { assertEditable, findSchoolCampaign, lockSchoolCampaign } from './campaign-rows';
import { findCampaignPage, insertCampaign, updateCampaignRow } from './campaigns.repository';
import type { CampaignRow } from './campaigns.tables';

type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;
export type CampaignAction = 'pause' | 'resume' | 'duplicate' | 'archive';

/** The name of a copy: « … (copie) », within the name's 80 characters. */
export function copyName(name: string): string {
  const suffix = ' (copie)';
  return `${name.slice(0, 80 - suffix.length).trimEnd()}${suffix}`;
}

export function toCampaign(
  row: CampaignRow,
  today: string,
  results: CampaignResults,
  sending: CampaignSending | null = null,
): Campaign {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    status: campaignStatusOf(
      { paused: row.pausedAt !== null, endsOn: row.endsOn, budget: row.budget, spend: row.spend },
      today,
    ),
    paused: row.pausedAt !== null,
    archived: row.archivedAt !== null,
    budget: row.budget,
    spend: row.spend,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    destination: row.destination,
    code: row.code,
    subject: row.subject,
    body: row.body,
    audience: row.audience,
    results,
    // « Envoyer »'s figures (marketing/sending), null before it.
    sending,
    createdAt: row.createdAt.toISOString(),
  };
}

function details(row: CampaignRow) {
  return {
    nom: row.name,
    canal: campaignChannelLabels[row.channel],
    budget: row.budget,
    dépense: row.spend,
    du: row.startsOn,
    au: row.endsOn,
    destination: campaignDestinationLabels[row.destination],
    ...(row.audience ? { destinataires: campaignAudienceLabels[row.audience] } : {}),
  };
}

function audit(
  tx: Transaction,
  acting: ActingMember,
  action: string,
  row: CampaignRow,
  more: Record<string, unknown> = {},
) {
  return recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action,
    resourceType: 'campaign',
    resourceId: row.id,
    category: 'settings',
    details: { ...details(row), ...more },
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
}

async function withResults(
  context: CampaignsContext,
  db: DbOrTx,
  organizationId: string,
  rows: CampaignRow[],
  today: string,
): Promise<Campaign[]> {
  const ids = rows.map((row) => row.id);
  const [results, sendings] = await Promise.all([
    campaignResults(db, organizationId, rows, context.registrations),
    campaignSendingOf(db, organizationId, ids),
  ]);
  return rows.map((row) =>
    toCampaign(row, today, results.get(row.id)!, sendings.get(row.id) ?? null),
  );
}

/** `GET /api/marketing/campaigns`: a page of campaigns, status filtered in SQL at the school's day. */
export async function listCampaigns(
  context: CampaignsContext,
  organizationId: string,
  query: CampaignListQuery,
) {
  const { today } = await schoolDayOf(context, organizationId);
  const { rows, total } = await findCampaignPage(
    context.db,
    organizationId,
    {
      q: query.q || undefined,
      status: query.status,
      channel: query.channel,
      archived: query.archived === 'true',
    },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize, today },
  );
  return {
    items: await withResults(context, context.db, organizationId, rows, today),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function getCampaign(
  context: CampaignsContext,
  organizationId: string,
  campaignId: string,
): Promise<Campaign> {
  const row = await findSchoolCampaign(context.db, organizationId, campaignId);
  const { today } = await schoolDayOf(context, organizationId);
  const [campaign] = await withResults(context, context.db, organizationId, [row], today);
  return campaign!;
}

function columnsOf(body: CampaignRequest) {
  const sendable = body.channel === 'email' || body.channel === 'sms';
  return {
    name: body.name,
    channel: body.channel,
    budget: body.budget,
    spend: body.spend,
    startsOn: body.startsOn,
    endsOn: body.endsOn,
    destination: body.destination,
    // Only e-mail and SMS campaigns are sent: the others keep no message.
    subject: body.channel === 'email' ? body.subject : '',
    body: sendable ? body.body : '',
    audience: sendable ? body.audience : null,
  };
}

/** A new row with a code of its own (a clash with another campaign's code draws again). */
async function insertWithCode(
  tx: Transaction,
  acting: ActingMember,
  columns: ReturnType<typeof columnsOf>,
  now: Date,
): Promise<CampaignRow> {
  for (let draw = 0; draw < 5; draw += 1) {
    const row = await insertCampaign(tx, {
      ...columns,
      organizationId: acting.organizationId,
      code: newCampaignCode(columns.name),
      createdBy: acting.actor.label,
      createdAt: now,
      updatedAt: now,
    });
    if (row) return row;
  }
  throw new Error('no free campaign code');
}

/** A new campaign and its « Lien principal », in one transaction. */
async function createWith(
  context: CampaignsContext,
  acting: ActingMember,
  columns: ReturnType<typeof columnsOf>,
  auditAction: string,
  more: Record<string, unknown> = {},
): Promise<Campaign> {
  const now = context.now();
  const row = await context.db.transaction(async (tx) => {
    const inserted = await insertWithCode(tx, acting, columns, now);
    await audit(tx, acting, auditAction, inserted, { code: inserted.code, ...more });
    await addCampaignLink(tx, context, acting, inserted, { label: MAIN_LINK_LABEL });
    return inserted;
  });
  return getCampaign(context, acting.organizationId, row.id);
}

/** `POST /api/marketing/campaigns`: the campaign, its code and its first tracking link. */
export async function createCampaign(
  context: CampaignsContext,
  acting: ActingMember,
  body: CampaignRequest,
): Promise<Campaign> {
  return createWith(context, acting, columnsOf(body), 'campaign.created');
}

/** `PUT /api/marketing/campaigns/:id`: its code stays (links already published carry it). */
export async function updateCampaign(
  context: CampaignsContext,
  acting: ActingMember,
  campaignId: string,
  body: CampaignRequest,
): Promise<Campaign> {
  await context.db.transaction(async (tx) => {
    const before = await lockSchoolCampaign(tx, acting.organizationId, campaignId);
    assertEditable(before);
    const after = await updateCampaignRow(tx, acting.organizationId, campaignId, columnsOf(body));
    const was = details(before);
    const now = details(after);
    const champs = (Object.keys(now) as (keyof typeof now)[]).filter(
      (key) => was[key] !== now[key],
    );
    await audit(tx, acting, 'campaign.updated', after, { champs: champs.join(', ') });
  });
  return getCampaign(context, acting.organizationId, campaignId);
}

/**
 * The action column: pause and resume (nothing changes when it is already so), duplicate (a
 * copy « … (copie) » with its own code and first link, not paused, same dates and budget, nothing
 * spent yet; an archived campaign may be copied), archive.
 */
export async function campaignAction(
  context: CampaignsContext,
  acting: ActingMember,
  campaignId: string,
  action: CampaignAction,
): Promise<Campaign> {
  if (action === 'duplicate') {
    const source = await findSchoolCampaign(context.db, acting.organizationId, campaignId);
    return createWith(
      context,
      acting,
      { ...columnsOf({ ...source, spend: 0 }), name: copyName(source.name) },
      'campaign.duplicated',
      { 'copie de': source.name },
    );
  }
  await context.db.transaction(async (tx) => {
    const row = await lockSchoolCampaign(tx, acting.organizationId, campaignId);
    assertEditable(row);
    const patch =
      action === 'archive'
        ? { archivedAt: context.now() }
        : action === 'pause'
          ? row.pausedAt
            ? null
            : { pausedAt: context.now() }
          : row.pausedAt
            ? { pausedAt: null }
            : null;
    if (!patch) return;
    const after = await updateCampaignRow(tx, acting.organizationId, campaignId, patch);
    const actions = { pause: 'paused', resume: 'resumed', archive: 'archived' } as const;
    await audit(tx, acting, `campaign.${actions[action]}`, after);
  });
  return getCampaign(context, acting.organizationId, campaignId);
}
