import { z } from 'zod';

/**
 * Live updates (server-sent events). A browser's EventSource sends no Authorization header: a
 * member's page first asks `POST /api/live/ticket` (with its bearer token) for a ticket that opens
 * the member's event streams only, for a minute, and passes it as `?ticket=` (decisions/0022).
 */
export const STREAM_TICKET_SECONDS = 60;

export const streamTicketResponseSchema = z.object({
  ticket: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type StreamTicketResponse = z.infer<typeof streamTicketResponseSchema>;

/** The query of an event stream opened by a browser. */
export const eventStreamQuerySchema = z.object({
  ticket: z.string().max(2048).optional().describe('Ticket de `POST /api/live/ticket`'),
});

/** What the student page's stream says: a payment of the student moved. */
export const studentLiveEventSchema = z.object({
  type: z.enum(['ready', 'payment']),
  paymentId: z.string().optional(),
  state: z.string().optional(),
});
export type StudentLiveEvent = z.infer<typeof studentLiveEventSchema>;
