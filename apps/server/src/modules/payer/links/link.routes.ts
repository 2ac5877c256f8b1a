import { PayerMessages, payerPaymentFormSchema } from '@ecolage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkCouponRoutes } from './link-coupon.routes';
import { firstVisit, linkPageBody, type LinkField, type LinkFormState } from './link-page';
import { loadLinkView, type LinkView } from './link-view.service';
import { PayerFormError, payByLink } from './pay-by-link.service';
import { noteVisitorPayment, visitorFingerprint } from '../../public';
import { pageSchool, sendMessagePage, sendPayerPage } from '../payer-page';
import type { PayerRoutesOptions } from '../payer.routes';

const params = z.object({ token: z.string() });
/** `?coupon=<invoice id>`: back from « Appliquer », the coupon's line is confirmed. */
const INVOICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIELDS: readonly LinkField[] = ['invoiceIds', 'wallet', 'phone', 'amount'];

/** The form's values as typed, to show them again beside an error. */
function typedValues(body: unknown): Omit<LinkFormState, 'message' | 'fields'> {
  const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : '');
  const ids = Array.isArray(form.invoiceIds) ? form.invoiceIds : [form.invoiceIds];
  return {
    invoiceIds: ids.filter((id): id is string => typeof id === 'string'),
    wallet: text(form.wallet) || null,
    phone: text(form.phone),
    amount: text(form.amount),
  };
}

/** `/payer/l/<token>`: the payment link's page, and paying from it. */
export const linkRoutes: FastifyPluginAsyncZod<PayerRoutesOptions> = async (app, options) => {
  const { context, signer, assets } = options;

  /**
   * The visit the payment started from (page analytics), for its channel and its conversion
   * once paid; never a reason for the payment to fail.
   */
  const noteVisit = async (request: FastifyRequest, organizationId: string, attemptId: string) => {
    try {
      await noteVisitorPayment(context.db, {
        organizationId,
        attemptId,
        visitor: visitorFingerprint(request),
        now: context.now(),
      });
    } catch (error) {
      request.log.warn({ err: error }, 'visit of the payment not noted');
    }
  };

  const page = (reply: FastifyReply, view: LinkView, state: LinkFormState, statusCode = 200) =>
    sendPayerPage(
      reply,
      {
        title: `Payer les frais de scolarité · ${view.school.name}`,
        school: view.page,
        body: linkPageBody(view, state),
        assets,
        page: 'lien',
      },
      statusCode,
    );

  /**
   * The link's view, or its refusal sent: 404 when unknown or tampered, 410 once expired or
   * revoked (with the way to the school's pay page).
   */
  const openLink = async (reply: FastifyReply, token: string): Promise<LinkView | null> => {
    const lookup = await loadLinkView(context, signer, token);
    if (lookup.ok) return lookup.view;
    if (lookup.reason === 'invalid') {
      await sendMessagePage(
        reply,
        { title: 'Lien invalide', message: PayerMessages.linkInvalid, assets },
        404,
      );
      return null;
    }
    await sendMessagePage(
      reply,
      {
        title: 'Lien expiré',
        message: PayerMessages.linkExpired,
        school: pageSchool(lookup.school),
        assets,
        action: { href: `/payer/${lookup.school.slug}`, label: 'Page de paiement de l’école' },
      },
      410,
    );
    return null;
  };

  app.get(
    '/payer/l/:token',
    { config: { public: true }, schema: { hide: true, params } },
    async (request, reply) => {
      const found = await openLink(reply, request.params.token);
      if (!found) return reply;
      // Read by hand: whatever else the address carries (a campaign's tags) never refuses the page.
      const appliedTo = (request.query as Record<string, unknown> | undefined)?.coupon;
      const coupon =
        typeof appliedTo === 'string' && INVOICE_ID.test(appliedTo)
          ? { code: '', appliedTo }
          : undefined;
      return page(reply, found, { ...firstVisit(found), ...(coupon ? { coupon } : {}) });
    },
  );

  app.post(
    '/payer/l/:token',
    { config: { public: true }, schema: { hide: true, params } },
    async (request, reply) => {
      const found = await openLink(reply, request.params.token);
      if (!found) return reply;
      const typed = typedValues(request.body);
      const parsed = payerPaymentFormSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const fields: LinkFormState['fields'] = {};
        for (const issue of parsed.error.issues) {
          const field = FIELDS.find((name) => name === issue.path[0]);
          if (field && field !== 'invoiceIds') fields[field] ??= issue.message;
        }
        const message = parsed.error.issues[0]?.message;
        return page(reply, found, { ...typed, fields, ...(message ? { message } : {}) }, 400);
      }
      try {
        const attemptId = await payByLink(context, found, parsed.data, {
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        });
        await noteVisit(request, found.school.id, attemptId);
        return reply.redirect(`/payer/retour/${attemptId}`, 303);
      } catch (error) {
        if (!(error instanceof PayerFormError)) throw error;
        // Read again: an invoice paid meanwhile leaves the list.
        const fresh = await openLink(reply, request.params.token);
        if (!fresh) return reply;
        const fields =
          error.field && error.field !== 'invoiceIds' ? { [error.field]: error.message } : {};
        return page(reply, fresh, { ...typed, message: error.message, fields }, error.statusCode);
      }
    },
  );

  await app.register(linkCouponRoutes, { ...options, openLink, page });
};
