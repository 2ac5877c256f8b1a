// One reminder worker process of `bench/reminders.ts`: dispatches the due reminders (the
// dispatcher's batches, FOR UPDATE SKIP LOCKED) and sends the SMS they queue to the bench's
// gateway through messaging's sending loop, until nothing is left; prints its figures as JSON.
import { connectDatabase } from '../../apps/server/src/platform/db/database';
import * as schema from '../../apps/server/src/db-schema';
import { dispatchDueSends } from '../../apps/server/src/modules/automations';
import {
  configureMessageLinks,
  configureSmsGateway,
  createMessaging,
} from '../../apps/server/src/modules/messaging';
import { createLinkSigner } from '../../apps/server/src/modules/payer';
import { sql } from 'drizzle-orm';

const [databaseUrl, gatewayUrl, secret, nowIso] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const database = connectDatabase(databaseUrl, 8, schema);
const logger = { info: () => undefined, error: (o: object) => console.error(o) };
configureSmsGateway({ url: gatewayUrl });
configureMessageLinks(secret);
const messaging = createMessaging(database.db);
const dispatch = await messaging.startDispatch({
  queue: { send: async () => null } as never,
  databaseUrl,
  logger,
});
const t0 = performance.now();
const outcome = await dispatchDueSends(
  database.db,
  { signer: createLinkSigner(secret) },
  { now: new Date(nowIso), batchSize: 500 },
);
const dispatchedMs = performance.now() - t0;
// The sending loop drains what every process queued; wait until the outbox is empty.
for (;;) {
  const waiting = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from outbound_messages where status in ('queued', 'sending')`,
  );
  if (Number(waiting.rows[0]?.n ?? 0) === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await dispatch.stop();
await database.close();
console.log(
  JSON.stringify({
    pid: process.pid,
    claimed: outcome.claimed,
    messages: outcome.messages,
    dispatchedMs: Math.round(dispatchedMs),
    totalMs: Math.round(performance.now() - t0),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
