import { Counter } from 'prom-client';
import { metricsRegistry } from '../../platform/observability';

/**
 * Tries of this process to send a message, by channel and how each ended (sent, retrying, failed,
 * dead, ambiguous): summed across processes by Prometheus. The waiting ones are counted from the
 * database (`waitingMessages`).
 */
export const messageTries = new Counter({
  name: 'ecolage_messages_sent_total',
  help: 'Message sending tries by channel and outcome (sent, retrying, failed, dead, ambiguous)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [metricsRegistry],
});
