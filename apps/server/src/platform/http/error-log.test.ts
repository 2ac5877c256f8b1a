import { StudentMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testAppOptions } from '../../test/test-app';
import { useTestDatabase } from '../../test/test-database';
import { createLogger, serializeError } from '../logger';
import { CONCURRENT_MESSAGE, DUPLICATE_MESSAGE } from './error-handler';

const PERSONAL = 'Ama Mensah +22890112233';

describe('what a failed request writes to the log', () => {
  const database = useTestDatabase();
  const lines: string[] = [];
  let app: FastifyInstance;
  let organizationId = '';

  beforeAll(async () => {
    const logger = createLogger(
      { LOG_LEVEL: 'info' },
      {},
      {
        write: (line: string) => lines.push(line),
      },
    );
    const { db } = database();
    app = await buildApp({ ...testAppOptions(database()), logger });
    const open = { config: { public: true } } as const;
    // Queries that fail the way a bug would, with a person's name and phone as parameters.
    app.get('/api/test/panne', open, () => db.execute(sql`select ${PERSONAL}::int`));
    app.get('/api/test/cle', open, () =>
      db.execute(sql`select * from students where id = ${PERSONAL}`),
    );
    app.get('/api/test/doublon', open, async () => {
      const phone = '+22890112233';
      await db.execute(sql`
        insert into guardians (organization_id, full_name, phone, search_key)
        values (${organizationId}, ${PERSONAL}, ${phone}, 'a'), (${organizationId}, 'B', ${phone}, 'b')`);
    });
    app.get('/api/test/doublon-inconnu', open, async () => {
      await db.execute(sql`
        insert into newsletter_subscriptions (email) values (${'ama@exemple.tg'}), (${'ama@exemple.tg'})`);
    });
    app.get('/api/test/interblocage', open, () =>
      db.execute(sql`do $$ begin raise exception 'deadlock' using errcode = '40P01'; end $$`),
    );
    await app.ready();
    const school = await db.execute<{ id: string }>(sql`
      insert into organizations (name, slug) values ('École du Journal', 'ecole-du-journal')
      returning id`);
    organizationId = school.rows[0]!.id;
  });
  afterAll(() => app.close());

  it('a 500 logs the failed query, never its parameters nor the values PostgreSQL quotes', async () => {
    for (const url of ['/api/test/panne', '/api/test/cle']) {
      lines.length = 0;
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
      expect(failure, url).toBeDefined();
      expect(failure.err.message).toMatch(/^Failed query: select/);
      expect(failure.err.message).toContain('params: [masqué]');
      expect(lines.join('\n')).not.toMatch(/Ama Mensah|90112233/);
    }
  });

  it('a duplicate key is a 409 with the code and sentence of its constraint, or a general one', async () => {
    const known = await app.inject({ method: 'GET', url: '/api/test/doublon' });
    expect(known.statusCode).toBe(409);
    expect(known.json()).toEqual({
      code: 'GUARDIAN_PHONE_TAKEN',
      message: StudentMessages.guardianPhoneTaken,
    });
    const other = await app.inject({ method: 'GET', url: '/api/test/doublon-inconnu' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ code: 'CONFLICT', message: DUPLICATE_MESSAGE });
    const deadlock = await app.inject({ method: 'GET', url: '/api/test/interblocage' });
    expect(deadlock.statusCode).toBe(409);
    expect(deadlock.json()).toEqual({ code: 'CONFLICT', message: CONCURRENT_MESSAGE });
  });

  it('serializes a database error without the row values of its detail', async () => {
    const error = await database()
      .db.execute(
        sql`insert into newsletter_subscriptions (email) values (${'afi@exemple.tg'}), (${'afi@exemple.tg'})`,
      )
      .catch((failure: unknown) => failure);
    const text = JSON.stringify(serializeError(error));
    expect(text).toContain('23505');
    expect(text).toContain('newsletter_subscriptions_email_key');
    expect(text).not.toContain('afi@exemple.tg');
  });
});
