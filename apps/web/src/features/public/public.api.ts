import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type * as Contracts from '@ecolage/contracts';
import type { ContactRequest, NewsletterSubscribeRequest } from '@ecolage/contracts';
import {
  ApiClientError,
  ClientValidationError,
  NetworkError,
  postJson,
} from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';

/** Mutation keys of the public website's calls. */
export const publicKeys = {
  all: ['public'] as const,
  newsletterSubscribe: () => [...publicKeys.all, 'newsletter-subscribe'] as const,
  contact: () => [...publicKeys.all, 'contact'] as const,
};

/**
 * The contracts' zod schemas are loaded on demand (first focus in a form, at the latest on
 * submit), so zod never weighs on the landing page's first load.
 */
export function preloadContracts(): Promise<typeof Contracts> {
  return import('@ecolage/contracts');
}

interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

function validationError(issues: readonly SchemaIssue[]): ClientValidationError {
  return new ClientValidationError(
    issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}

/** The `message` of a `{message}` answer, if there is one. */
function answerMessage(answer: unknown): string | undefined {
  if (typeof answer === 'object' && answer !== null && 'message' in answer) {
    const { message } = answer;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

export interface PublicAnswer {
  /** The server's sentence, shown as the success toast when present. */
  message: string | undefined;
}

/** `POST /api/newsletter-subscribe {email, website}` after client-side validation. */
export async function subscribeToNewsletter(
  input: NewsletterSubscribeRequest,
  language?: string,
): Promise<PublicAnswer> {
  const { newsletterSubscribeRequestSchema } = await preloadContracts();
  const parsed = newsletterSubscribeRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const answer = await postJson('/api/newsletter-subscribe', parsed.data, { language });
  return { message: answerMessage(answer) };
}

/** `POST /api/contact {name, email, subject, message, website}` after client-side validation. */
export async function sendContactMessage(
  input: ContactRequest,
  language?: string,
): Promise<PublicAnswer> {
  const { contactRequestSchema } = await preloadContracts();
  const parsed = contactRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const answer = await postJson('/api/contact', parsed.data, { language });
  return { message: answerMessage(answer) };
}

export function useNewsletterSubscription() {
  const { i18n } = useTranslation();
  return useMutation({
    mutationKey: publicKeys.newsletterSubscribe(),
    mutationFn: (input: NewsletterSubscribeRequest) => subscribeToNewsletter(input, i18n.language),
  });
}

export function useContactMessage() {
  const { i18n } = useTranslation();
  return useMutation({
    mutationKey: publicKeys.contact(),
    mutationFn: (input: ContactRequest) => sendContactMessage(input, i18n.language),
  });
}

type FailureKey = 'newsletter.failure' | 'contactForm.failure';

/**
 * The sentence to show for a failed call (spec §8): the server's message for a non-OK answer,
 * else the form's generic failure; a fixed sentence when the network failed; for input refused
 * before sending, the schema's message (e-mail issues in the reader's language).
 */
export function failureMessage(error: unknown, t: TFunction, fallback: FailureKey): string {
  if (error instanceof NetworkError) return t('common.networkError');
  if (error instanceof ApiClientError) return errorMessage(error, t, t(fallback));
  if (error instanceof ClientValidationError) {
    const issue = error.issues[0];
    if (issue?.path === 'email') return t('common.invalidEmail');
    return issue?.message ?? t(fallback);
  }
  return t(fallback);
}
