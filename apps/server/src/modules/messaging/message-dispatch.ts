import pg from 'pg';
import type { Database } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage';
import type { JobDefinition, JobLogger, JobQueue } from '../../platform/jobs/jobs';
import { emailSender, SEND_EMAIL_JOB, sendEmailJob } from './email-sender';
import { startMessagePump } from './message-pump';
import {
  findWaitingMessages,
  QUEUED_MESSAGES_CHANNEL,
  releaseAbandonedMessages,
  type MessageChannel,
} from './messaging.repository';
import {
  SEND_SMS_JOB,
  SEND_WHATSAPP_JOB,
  sendSmsJob,
  sendWhatsAppJob,
  smsSender,
  whatsappSender,
} from './sms-sender';

export const SWEEP_MESSAGES_JOB = 'messaging.sweep';
const JOB_OF_CHANNEL: Record<MessageChannel, string> = {
  email: SEND_EMAIL_JOB,
  sms: SEND_SMS_JOB,
  whatsapp: SEND_WHATSAPP_JOB,
};
/** A message whose job has not taken it this long after it was due is offered again. */
const OVERDUE_MS = 60_000;
/** A message `sending` this long was held by a process that died during the call. */
const ABANDONED_MS = 10 * 60_000;
const SWEEP_LIMIT = 500;
const RECONNECT_MS = 1_000;

type Enqueue = Pick<JobQueue, 'send'>;

/** Enqueues the job that sends one message; deduplicated by the message's id while it waits. */
export function enqueueMessage(queue: Enqueue, channel: MessageChannel, messageId: string) {
  return queue.send(JOB_OF_CHANNEL[channel], { messageId }, { singletonKey: messageId });
}

/**
 * Offers again what a crash left behind: messages held `sending` by a dead process go back to
 * `queued`, and each queued message due since before `dueBefore` gets its job (none is added for
 * a message whose job still waits: same key). Returns how many were offered.
 */
export async function sweepWaitingMessages(
  db: Database,
  queue: Enqueue,
  now: Date,
  dueBefore = new Date(now.getTime() - OVERDUE_MS),
): Promise<number> {
  await releaseAbandonedMessages(db, new Date(now.getTime() - ABANDONED_MS));
  const waiting = await findWaitingMessages(
    db,
    ['email', 'sms', 'whatsapp'],
    dueBefore,
    SWEEP_LIMIT,
  );
  for (const message of waiting) await enqueueMessage(queue, message.channel, message.id);
  return waiting.length;
}

export interface Messaging {
  /** The jobs to register at the composition root: send-email, send-sms, send-whatsapp, the sweep. */
  jobs: JobDefinition[];
  /**
   * Once the jobs run: starts this process's sending loop (message-pump.ts) and wakes it for
   * each commit that queues messages (announced by any process or thread), after taking those
   * queued while nobody listened.
   */
  startDispatch(settings: {
    queue: Enqueue;
    databaseUrl: string;
    logger: JobLogger;
  }): Promise<{ stop(): Promise<void> }>;
}

/** `files`: where the schools' logos are kept (the e-mails' headers show them). */
export function createMessaging(db: Database, files?: FileStorage): Messaging {
  let queue: Enqueue | null = null;
  const sweep: JobDefinition = {
    name: SWEEP_MESSAGES_JOB,
    schedule: { cron: '* * * * *' },
    expireInSeconds: 5 * 60,
    retryLimit: 0,
    async run(_data, context) {
      if (!queue) throw new Error("l'envoi des messages n'est pas encore démarré");
      const offered = await sweepWaitingMessages(db, queue, new Date());
      if (offered > 0) context.logger.info({ offered }, 'messages en attente proposés à nouveau');
    },
  };
  return {
    jobs: [sendEmailJob(db, files), sendSmsJob(db), sendWhatsAppJob(db), sweep],
    async startDispatch(settings) {
      queue = settings.queue;
      const pump = startMessagePump(
        db,
        { email: emailSender(db, files), sms: smsSender, whatsapp: whatsappSender },
        settings.logger,
      );
      const listener = await listenForQueuedMessages(
        settings.databaseUrl,
        settings.logger,
        pump.wake,
      ).catch(async (error: unknown) => {
        await pump.stop();
        throw error;
      });
      return {
        async stop() {
          await listener.stop();
          await pump.stop();
        },
      };
    },
  };
}

/** LISTEN on its own connection (not the pool's), reconnecting after a loss. */
async function listenForQueuedMessages(
  databaseUrl: string,
  logger: JobLogger,
  onQueued: () => void,
): Promise<{ stop(): Promise<void> }> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners();
      void next.end().catch(() => undefined);
      if (stopped) return;
      logger.error({ err: error }, 'écoute des messages à envoyer interrompue');
      retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    };
    next.on('notification', (notification) => {
      if (notification.channel === QUEUED_MESSAGES_CHANNEL) onQueued();
    });
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    client = next;
    await next.query(`listen ${QUEUED_MESSAGES_CHANNEL}`);
    // Those queued while nobody listened leave now.
    onQueued();
  };
  const reconnect = async () => {
    try {
      await connect();
    } catch (error) {
      if (client) {
        const failed = client;
        client = null;
        failed.removeAllListeners();
        await failed.end().catch(() => undefined);
      }
      if (stopped) return;
      logger.error({ err: error }, 'écoute des messages à envoyer impossible, nouvel essai');
      retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    }
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      if (last) {
        last.removeAllListeners();
        await last.end().catch(() => undefined);
      }
    },
  };
}
