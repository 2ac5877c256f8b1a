// Fault switches, per provider: what /__sim/faults turns on and the provider routes consult.
import { z } from 'zod';
import { MESSAGE_PROVIDERS, type MessageProviderId } from './messages';
import { PROVIDERS, type ProviderId } from './state';

/** Who a switch applies to: a payment provider or a messaging protocol. */
export type FaultTarget = ProviderId | MessageProviderId;

export const FAULTS = [
  'delay',
  'drop',
  'duplicate',
  'reorder',
  'error_after_create',
  'timeout_after_create',
  'late_success',
  'bad_signature',
  'stale_timestamp',
  'amount_mismatch',
  'refund_fail',
  // Messaging gateways: a 5xx before anything is accepted, HTTP 429 (the request is not kept).
  'gateway_error',
  'rate_limited',
] as const;
export type FaultName = (typeof FAULTS)[number];

export const faultOptionsSchema = z
  .object({
    /** Fires this many times, then switches itself off. Unlimited when absent. */
    times: z.number().int().positive().optional(),
    /** delay: wait before answering or calling back; timeout_after_create: hang before closing. */
    ms: z.number().int().min(0).max(600_000).optional(),
    /** delay: on API responses, on callbacks, or both (default). */
    target: z.enum(['responses', 'callbacks', 'both']).optional(),
    /** error_after_create, gateway_error: the 5xx to answer (default 500). */
    status: z.number().int().min(500).max(599).optional(),
    /** late_success: seconds between the expiry and the success (default 60). */
    afterSeconds: z.number().int().min(0).max(86_400).optional(),
    /** stale_timestamp: age of the signed timestamp in seconds (default 600, twice the 300 s tolerance). */
    ageSeconds: z
      .number()
      .int()
      .min(1)
      .max(86_400 * 30)
      .optional(),
    /** amount_mismatch: reported amount minus requested amount (default -100). */
    difference: z
      .number()
      .int()
      .refine((value) => value !== 0, 'difference must not be 0')
      .optional(),
  })
  .strict();
export type FaultOptions = z.infer<typeof faultOptionsSchema>;

export const setFaultSchema = z
  .object({
    provider: z.enum([...PROVIDERS, ...MESSAGE_PROVIDERS, 'all']),
    fault: z.enum(FAULTS),
    options: faultOptionsSchema.optional(),
  })
  .strict();

export interface ActiveFault {
  provider: FaultTarget;
  fault: FaultName;
  options: FaultOptions;
  /** Times it has fired so far. */
  fired: number;
}

export class FaultSwitches {
  private active = new Map<string, ActiveFault>();

  set(provider: FaultTarget, fault: FaultName, options: FaultOptions = {}): ActiveFault {
    const entry: ActiveFault = { provider, fault, options, fired: 0 };
    this.active.set(`${provider}:${fault}`, entry);
    return entry;
  }

  /** Removes the switches matching the filter (all of them without one); returns how many. */
  clear(filter: { provider?: FaultTarget; fault?: FaultName } = {}): number {
    let removed = 0;
    for (const [key, entry] of this.active) {
      if (filter.provider !== undefined && entry.provider !== filter.provider) continue;
      if (filter.fault !== undefined && entry.fault !== filter.fault) continue;
      this.active.delete(key);
      removed += 1;
    }
    return removed;
  }

  list(): ActiveFault[] {
    return [...this.active.values()];
  }

  /** Whether the switch is on, without counting it as fired. */
  isOn(provider: FaultTarget, fault: FaultName): boolean {
    return this.active.has(`${provider}:${fault}`);
  }

  /**
   * Fires the switch if it is on (and `applies` accepts its options): returns its options and
   * counts one use, switching it off after `times` uses. Undefined when it does not fire.
   */
  take(
    provider: FaultTarget,
    fault: FaultName,
    applies: (options: FaultOptions) => boolean = () => true,
  ): FaultOptions | undefined {
    const key = `${provider}:${fault}`;
    const entry = this.active.get(key);
    if (!entry || !applies(entry.options)) return undefined;
    entry.fired += 1;
    if (entry.options.times !== undefined && entry.fired >= entry.options.times) {
      this.active.delete(key);
    }
    return entry.options;
  }
}
