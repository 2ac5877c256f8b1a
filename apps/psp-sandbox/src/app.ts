// Builds the sandbox's HTTP server: one route family per provider under its own prefix (the path
// below the prefix is the provider's real one), the téléphone page and the /__sim controls.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { bankTransferRoutes } from './bank-transfers';
import { controlRoutes } from './control';
import { Sandbox, type SandboxOptions } from './engine';
import { fedapayRoutes } from './fedapay';
import { esc, page } from './html';
import { MailStore } from './mail-store';
import { mailboxRoutes } from './mailbox';
import { merchantPaymentRoutes } from './merchant-payments';
import { registerBodyParsers } from './http';
import { mtnRoutes } from './mtn';
import { orangeRoutes } from './orange';
import { paygateRoutes } from './paygate';
import { aggregatorRoutes } from './sms-aggregator';
import { infobipRoutes } from './sms-infobip';
import { twilioRoutes } from './sms-twilio';
import { telephoneRoutes } from './telephone';
import { waveRoutes } from './wave';
import { statementRoutes } from './statements';
import { whatsappRoutes } from './whatsapp';

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulator behind the routes (store, faults, clock), for main.ts and the tests. */
    sandbox: Sandbox;
    /** The e-mails the SMTP server received (smtp.ts), shown by the « Boîte mail » page. */
    mailbox: MailStore;
  }
}

export interface BuildSandboxOptions extends SandboxOptions {
  /** Fastify logger options; silent when absent (tests). */
  logger?: FastifyServerOptions['logger'];
}

/** Route prefix of each provider: the base URL an adapter points at is origin + prefix. */
export const PROVIDER_PREFIXES = {
  mtn: '/mtn',
  orange: '/orange',
  wave: '/wave',
  fedapay: '/fedapay',
  paygate: '/paygate',
} as const;

/** Route prefix of each messaging protocol (the product's *_BASE_URL is origin + prefix). */
export const MESSAGE_PREFIXES = {
  twilio: '/twilio',
  infobip: '/infobip',
  aggregator: '/kingsms',
  whatsapp: '/whatsapp',
} as const;

/**
 * Builds the sandbox. Inject `now` (clock), `callbackFetch` (outbound HTTP) and `sleep` to drive
 * it from tests; `credentials` and `config` override the demo values.
 */
export async function buildSandbox(options: BuildSandboxOptions = {}): Promise<FastifyInstance> {
  const sandbox = new Sandbox(options);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('sandbox', sandbox);
  const mailbox = new MailStore(options.dataDir);
  app.decorate('mailbox', mailbox);
  registerBodyParsers(app);
  app.addHook('onClose', async () => sandbox.stop());
  // What an answer reveals is on disk before it leaves (a crash then forgets nothing announced).
  app.addHook('onSend', (_request, _reply, payload, done) => {
    sandbox.persist();
    done(null, payload);
  });

  await app.register(mtnRoutes(sandbox), { prefix: PROVIDER_PREFIXES.mtn });
  await app.register(orangeRoutes(sandbox), { prefix: PROVIDER_PREFIXES.orange });
  await app.register(waveRoutes(sandbox), { prefix: PROVIDER_PREFIXES.wave });
  await app.register(fedapayRoutes(sandbox), { prefix: PROVIDER_PREFIXES.fedapay });
  await app.register(paygateRoutes(sandbox), { prefix: PROVIDER_PREFIXES.paygate });
  await app.register(twilioRoutes(sandbox), { prefix: MESSAGE_PREFIXES.twilio });
  await app.register(infobipRoutes(sandbox), { prefix: MESSAGE_PREFIXES.infobip });
  await app.register(aggregatorRoutes(sandbox), { prefix: MESSAGE_PREFIXES.aggregator });
  await app.register(whatsappRoutes(sandbox), { prefix: MESSAGE_PREFIXES.whatsapp });
  await app.register(telephoneRoutes(sandbox));
  await app.register(merchantPaymentRoutes(sandbox));
  await app.register(statementRoutes(sandbox));
  await app.register(mailboxRoutes(mailbox));
  await app.register(controlRoutes(sandbox), { prefix: '/__sim' });
  await app.register(bankTransferRoutes(sandbox), { prefix: '/banque' });

  app.get('/', async (_request, reply) => {
    const links = Object.entries({ ...PROVIDER_PREFIXES, ...MESSAGE_PREFIXES })
      .map(
        ([name, prefix]) => `<li><strong>${esc(name)}</strong> : <code>${esc(prefix)}</code></li>`,
      )
      .join('');
    return reply.type('text/html').send(
      page(
        'Bac à sable PSP',
        `<h1>Bac à sable PSP d'Écolage</h1>
<p>Simulateur local des protocoles de PayGate Global, FedaPay, MTN MoMo, Orange Money et Wave, et des passerelles de messages : SMS (Twilio, Infobip, agrégateur local) et WhatsApp Cloud API.</p>
<p class="actions"><a class="button primary" href="/telephone">Ouvrir le téléphone</a> <a class="button secondary" href="/boite-mail">Ouvrir la boîte mail</a></p>
<h2>Relevés des opérateurs</h2><p>Relevés du jour au format de chaque opérateur (ajoutez <code>?from=AAAA-MM-JJ&amp;to=AAAA-MM-JJ</code>, <code>&amp;plant=amount:&lt;réf&gt;,fee:&lt;réf&gt;,missing:&lt;réf&gt;,extra</code>) : <a href="/__sim/statements/paygate">PayGate</a> · <a href="/__sim/statements/fedapay">FedaPay</a> · <a href="/__sim/statements/mtn">MTN MoMo</a> · <a href="/__sim/statements/orange">Orange Money</a> · <a href="/__sim/statements/wave">Wave</a> · <a href="/__sim/statements/bank?plant=extra">Banque</a></p>
<h2>Préfixes des fournisseurs et des passerelles</h2><ul class="card plain">${links}</ul>
<p class="muted">État : <a href="/__sim/state">/__sim/state</a>. Voir le README pour les pannes simulées.</p>`,
      ),
    );
  });
  return app;
}
