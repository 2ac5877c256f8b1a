import { SchoolFinderMessages } from '@ecolage/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { useTestApp } from '../../../test/test-app';
import { createSchool } from '../../organizations';
import { organizations } from '../../organizations/organizations.tables';

const actor = { type: 'system' as const, label: 'Test de /form' };

describe('/form: a parent finds the school, then pays or pre-registers', () => {
  const { app, database } = useTestApp();
  const db = () => database().db;
  /** Each test searches from its own address: the per-IP budget is tested on its own. */
  let visitor = 0;
  const search = (query: string, remoteAddress = `10.0.0.${(visitor += 1)}`) =>
    app().inject({ method: 'GET', url: `/form${query}`, remoteAddress });

  beforeAll(async () => {
    await db().transaction(async (tx) => {
      await createSchool(
        tx,
        { name: 'École Démo', slug: 'ecole-demo', city: 'Lomé', brandColor: '#0F766E' },
        { actor },
      );
      await createSchool(
        tx,
        { name: 'Collège Sacré-Cœur', slug: 'sacre-coeur', city: 'Kara' },
        {
          actor,
        },
      );
      await createSchool(
        tx,
        { name: 'École Fermée', slug: 'ecole-fermee', city: 'Lomé' },
        {
          actor,
        },
      );
    });
    await db()
      .update(organizations)
      .set({ archivedAt: new Date() })
      .where(eq(organizations.slug, 'ecole-fermee'));
  });

  it('shows the search form, in French, from the server, with nothing from another origin', async () => {
    const page = await search('');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('<h1 id="titre">Trouver l’école de votre enfant</h1>');
    expect(page.body).toMatch(/<form class="stack" method="get" action="\/form" role="search"/);
    expect(page.body).toMatch(/<label for="recherche">Nom ou ville de l’école<\/label>/);
    expect(page.body).toMatch(/<input\s+id="recherche"\s+name="q"\s+value=""[^>]*type="search"/);
    expect(page.body).toContain('Rechercher');
    expect(page.body).not.toContain('noindex');
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(page.body).not.toContain('id="resultats"');
  });

  it('finds « École Démo » typed without accents, and offers to pay or to pre-register', async () => {
    const page = await search('?q=ecole+demo');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2 id="resultats">1 école trouvée</h2>');
    expect(page.body).toContain('<h3 id="ecole-1">École Démo</h3>');
    expect(page.body).toContain('<p class="muted">Lomé</p>');
    expect(page.body).toMatch(/href="\/payer\/ecole-demo" aria-describedby="ecole-1"\s*>Payer</);
    expect(page.body).toMatch(
      /href="\/inscription\/ecole-demo"\s+aria-describedby="ecole-1"\s*>Pré-inscrire</,
    );
    // The school's own colour on its card, the typed term kept in the field.
    expect(page.body).toContain('style="--brand:#0F766E;--on-brand:#ffffff"');
    expect(page.body).toMatch(/<input\s+id="recherche"\s+name="q"\s+value="ecole demo"/);
  });

  it('finds schools by city and says when none matches; archived schools never appear', async () => {
    const byCity = await search('?q=LOM%C3%89');
    expect(byCity.statusCode).toBe(200);
    expect(byCity.body).toContain('École Démo');
    expect(byCity.body).not.toContain('École Fermée');

    const none = await search('?q=fermee');
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('Aucune école trouvée pour «&nbsp;fermee&nbsp;»');
    expect(none.body).toContain(escapeHtml(SchoolFinderMessages.noMatch));
    expect(none.body).not.toContain('/payer/ecole-fermee');
  });

  it.each([
    ['empty', '?q=', SchoolFinderMessages.termRequired],
    ['blank', '?q=+++', SchoolFinderMessages.termRequired],
    ['one letter', '?q=%C3%89', SchoolFinderMessages.termTooShort],
    ['punctuation only', '?q=%25%25', SchoolFinderMessages.termTooShort],
    ['too long', `?q=${'a'.repeat(81)}`, SchoolFinderMessages.termTooLong],
    ['a control character', '?q=ab%07', SchoolFinderMessages.termInvalid],
    ['given twice', '?q=ecole&q=demo', SchoolFinderMessages.termRequired],
  ])('answers 400 with the French rule when the term is %s', async (_, query, message) => {
    const page = await search(query);
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(
      `<p class="error" id="recherche-erreur">${escapeHtml(message)}</p>`,
    );
    expect(page.body).toContain('aria-invalid="true"');
    expect(page.body).not.toContain('id="resultats"');
  });

  it('never answers 500 to text PostgreSQL cannot hold, nor to a term that is not a string', async () => {
    expect((await search('?q=ab%00cd')).statusCode).toBe(400);
    // Bytes that are not UTF-8 arrive as replacement characters: a search that finds nothing.
    for (const query of ['?q=%ED%A0%80%ED%A0%80ab', '?q=%FF%FEab', '?q[]=ab', '?q[x]=ab']) {
      const page = await search(query);
      expect(page.statusCode, query).toBeLessThan(500);
      expect(page.body, query).not.toContain('id="ecole-1"');
    }
  });

  it('escapes what was typed', async () => {
    const page = await search('?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('limits searches per address, in French, and still shows the page without a search', async () => {
    const address = '10.9.9.9';
    for (let n = 1; n <= 20; n += 1) {
      expect((await search('?q=demo', address)).statusCode).toBe(200);
    }
    const refused = await search('?q=demo', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain(escapeHtml(SchoolFinderMessages.tooManySearches));
    expect(refused.body).not.toContain('id="resultats"');
    expect((await search('', address)).statusCode).toBe(200);
    expect((await search('?q=demo')).statusCode).toBe(200);
  });
});
