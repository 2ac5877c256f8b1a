import type { TFunction } from 'i18next';
import { ApiClientError, NetworkError } from './api-client';

/**
 * What to tell the reader about a failed call: the server's own French sentence when it sent
 * one (« Impossible : ce membre est le dernier Super administration… »), the network message
 * when the request never got an answer, else `fallback`.
 */
export function errorMessage(error: unknown, t: TFunction, fallback: string): string {
  if (error instanceof NetworkError) return t('common.networkError');
  if (error instanceof ApiClientError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** The HTTP status of a refused call (403, 409…), or null. */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiClientError ? error.status : null;
}
