// The http bench's bare servers, in a process of their own (as the product is): a Fastify
// hello-world, and a Fastify + pg route running the public school read's query on the product's
// database. Prints `prêt <hello url> <pg url>` once both listen; SIGTERM stops them.
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: http-bare.ts <database url>');

const hello = Fastify();
hello.get('/', () => ({ hello: 'world' }));

// The query the product sends for `findSchoolPublicProfile` (the profile's columns, active
// schools, one row), the answer's fields, a pool as large as the product's (DATABASE_POOL_MAX's
// default).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const read = Fastify();
read.get<{ Params: { slug: string } }>('/api/public/schools/:slug', async (request, reply) => {
  const { rows } = await pool.query(
    `select name, slug, city, country, brand_color, support_phone, contact_email, logo_file,
      logo_version from organizations where slug = $1 and archived_at is null limit 1`,
    [request.params.slug],
  );
  const school = rows[0] as Record<string, unknown> | undefined;
  if (!school) return reply.status(404).send({ message: 'École introuvable.' });
  return {
    name: school.name,
    slug: school.slug,
    city: school.city,
    country: school.country,
    brandColor: school.brand_color,
    supportPhone: school.support_phone,
    contactEmail: school.contact_email,
    logoUrl: null,
  };
});

const helloUrl = await hello.listen({ host: '127.0.0.1', port: 0 });
const readUrl = await read.listen({ host: '127.0.0.1', port: 0 });
console.log(`prêt ${helloUrl} ${readUrl}`);
process.once('SIGTERM', () => {
  void Promise.all([hello.close(), read.close(), pool.end()]).then(() => process.exit(0));
});
