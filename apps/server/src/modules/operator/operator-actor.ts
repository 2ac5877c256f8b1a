import type { FastifyRequest } from 'fastify';
import { requireOperator } from '../../platform/http/request-member';

/** Who acts in the console: the signed-in platform operator and their address, for the journal. */
export interface OperatorActor {
  userId: string;
  name: string;
  ip: string | null;
}

export function operatorActor(request: FastifyRequest): OperatorActor {
  const operator = requireOperator(request);
  return { userId: operator.userId, name: operator.name, ip: request.ip };
}
