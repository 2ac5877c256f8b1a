import type { FastifyServerOptions } from 'fastify';
import type { Config } from './env';

/** pino options shared by the API server and the command-line tools. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[masqué]',
    },
  };
}
