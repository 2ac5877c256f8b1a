import type { DbOrTx } from '../../../platform/db/database';
import { insertProviderEvents, type InboundEventInput } from './provider-events.repository';
import { RecentKeys } from './recent-keys';

/** Deliveries written in one statement at most. */
const MAX_GROUP = 200;

interface Waiting {
  key: string;
  event: InboundEventInput;
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Where the webhook routes store what providers send. Deliveries that arrive while a write is
 * under way are written together by the next statement (a group commit: each request is still
 * answered only once its delivery is in the database, and a lone delivery is written at once).
 * Retries of events this process has stored are answered from memory (`RecentKeys`) — an exact
 * copy of a delivery (same request line, headers and bytes) before it is even parsed, since it
 * can only be checked and stored as the first one was; the unique index stays the guarantee.
 */
export class EventIntake {
  private readonly recent = new RecentKeys();
  private readonly deliveries = new RecentKeys<Buffer>(20_000);
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: DbOrTx) {}

  /** Whether this process has stored the event with this key (`provider:dedupeKey`). */
  knows(key: string): boolean {
    return this.recent.has(key);
  }

  /** Whether this exact delivery (`fingerprint`: request line and headers; the bytes) is stored. */
  isCopy(fingerprint: string, body: Buffer): boolean {
    return this.deliveries.get(fingerprint)?.equals(body) ?? false;
  }

  /** Remembers a delivery now stored, to answer its exact copies at once. */
  rememberDelivery(fingerprint: string, body: Buffer): void {
    this.deliveries.add(fingerprint, body);
  }

  /** Stores the delivery; true when it was new, false for a retry of one already stored. */
  store(key: string, event: InboundEventInput): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, event, resolve, reject });
      if (!this.writing) void this.writeWaiting();
    });
  }

  private async writeWaiting(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, MAX_GROUP);
      try {
        this.settle(
          group,
          await insertProviderEvents(
            this.db,
            group.map((item) => item.event),
          ),
        );
      } catch (error) {
        if (group.length === 1) group[0]!.reject(error);
        // One bad delivery must not fail the others: each on its own.
        else await Promise.all(group.map((item) => this.writeAlone(item)));
      }
    }
    this.writing = false;
  }

  private async writeAlone(item: Waiting): Promise<void> {
    try {
      this.settle([item], await insertProviderEvents(this.db, [item.event]));
    } catch (error) {
      item.reject(error);
    }
  }

  private settle(group: Waiting[], stored: Set<string>): void {
    for (const item of group) {
      // Inserted now or already there: either way the database holds it.
      this.recent.add(item.key);
      item.resolve(stored.has(item.event.id));
    }
  }
}
