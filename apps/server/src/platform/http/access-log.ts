import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { maskedUrl } from './masked-url';

/**
 * One access-log line per request, written once it is answered: method, URL, client address,
 * status and duration, on the request's logger (its request id, and the school once known).
 * Fastify's own lines are two per request (« incoming request », « request completed »), the first
 * through the request serializer and the redaction of its headers: in the http bench's profile the
 * largest cost of a cheap request after the socket itself. No header is logged here, so nothing
 * needs redacting; the secrets some URLs carry are masked (`maskedUrl`). A request that failed keeps Fastify's line with its error.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    if (
      !(request.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info')
    ) {
      return;
    }
    request.log.info(
      {
        method: request.method,
        url: maskedUrl(request.url),
        ip: request.ip,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'requête',
    );
  }
}
