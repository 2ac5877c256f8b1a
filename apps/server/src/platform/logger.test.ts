import { describe, expect, it } from 'vitest';
import { createLogger, maskPersonalData } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    { LOG_LEVEL: 'info' },
    {},
    {
      write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
    },
  );
  return { logger, lines };
}

describe("the log's safety net for people's contacts", () => {
  it('masks contacts at the top level and one level down, and leaves the rest as it is', () => {
    const { logger, lines } = capture();
    const payment = { id: 'p1', payerPhone: '+22890112233', amount: 25_000 };
    logger.info({ phone: '+22890112233', email: 'ama@exemple.tg', payment, count: 3 }, 'envoi');
    expect(lines[0]).toMatchObject({
      phone: '[masqué]',
      email: '[masqué]',
      payment: { id: 'p1', payerPhone: '[masqué]', amount: 25_000 },
      count: 3,
      msg: 'envoi',
    });
    // The caller's objects are not changed.
    expect(payment.payerPhone).toBe('+22890112233');
  });

  it("masks what a child logger binds, and a logged request's or answer's session headers", () => {
    const { logger, lines } = capture();
    const child = logger.child({ recipient: 'ama@exemple.tg', schoolId: 's1' });
    child.info(
      {
        req: { method: 'GET', headers: { authorization: 'Bearer secret', cookie: 'r=secret' } },
        res: { statusCode: 200, headers: { 'set-cookie': 'r=secret', 'x-request-id': 'abc' } },
      },
      'requête',
    );
    expect(lines[0]).toMatchObject({
      recipient: '[masqué]',
      schoolId: 's1',
      req: { method: 'GET', headers: { authorization: '[masqué]', cookie: '[masqué]' } },
      res: { statusCode: 200, headers: { 'set-cookie': '[masqué]', 'x-request-id': 'abc' } },
    });
    expect(JSON.stringify(lines)).not.toMatch(/secret|ama@/);
  });

  it('copies nothing when there is nothing to mask', () => {
    const line = { method: 'GET', url: '/api/health', statusCode: 200, nested: { id: 'x' } };
    expect(maskPersonalData(line)).toBe(line);
    const deeper = { outer: { inner: { phone: '+22890112233' } } };
    // Two levels down is past the net, as it was with pino's `*.phone` paths.
    expect(maskPersonalData(deeper)).toBe(deeper);
  });
});
