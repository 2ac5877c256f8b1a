import { apiRequest, UnexpectedAnswerError } from './auth-client';

/**
 * A one-minute ticket that opens the signed-in member's event streams (`POST /api/live/ticket`,
 * decisions/0022): EventSource sends no Authorization header, so the bearer token is traded for a
 * ticket that only event streams accept. Hand it to `openEventStream`'s `ticket`.
 */
export async function fetchStreamTicket(): Promise<string> {
  const answer = await apiRequest('/api/live/ticket', { method: 'POST', body: {} });
  const ticket = (answer as { ticket?: unknown } | null)?.ticket;
  if (typeof ticket !== 'string') throw new UnexpectedAnswerError();
  return ticket;
}
