import { ribKey } from '@ecolage/contracts';
import type {
  Appearance,
  NotificationSettingsValues,
  SchoolDetailsResponse,
  SchoolPlanResponse,
} from '@ecolage/contracts';
import { jsonResponse, stubFetch } from '../../test/fetch-mock';
import type { FetchMock } from '../../test/fetch-mock';

/** A well-formed UEMOA RIB with its right key, and the same with a wrong one. */
export const RIB_BODY = 'TG0090100100012345678 9'.replace(/\s/g, '');
export const GOOD_RIB = `${RIB_BODY}${ribKey(RIB_BODY)}`;
export const BAD_RIB = `${RIB_BODY}${String((Number(ribKey(RIB_BODY)) + 1) % 100).padStart(2, '0')}`;

export function detailsAnswer(): SchoolDetailsResponse {
  return {
    identity: {
      name: 'Collège Les Flamboyants',
      slug: 'college-les-flamboyants',
      supportPhone: '+22890123456',
      contactEmail: 'contact@flamboyants.tg',
      address: '12 rue des Écoles, Tokoin',
      city: 'Lomé',
      country: 'TG',
    },
    bank: {
      bankName: null,
      accountHolder: null,
      rib: null,
      iban: null,
      bic: null,
      updatedAt: null,
      masked: false,
    },
    kyc: {
      status: 'refuse',
      documents: [
        {
          kind: 'statuts',
          document: {
            id: '5d1c7a8e-2f3b-4c6d-9e0f-1a2b3c4d5e61',
            kind: 'statuts',
            fileName: 'statuts-rccm.pdf',
            mime: 'application/pdf',
            size: 245_760,
            uploadedAt: '2026-11-20T09:30:00.000Z',
            status: 'valide',
            refusalReason: null,
            reviewedAt: '2026-11-21T10:00:00.000Z',
          },
        },
        {
          kind: 'autorisation',
          document: {
            id: '6e2d8b9f-3a4c-4d7e-8f10-2b3c4d5e6f72',
            kind: 'autorisation',
            fileName: 'autorisation.jpg',
            mime: 'image/jpeg',
            size: 1_048_576,
            uploadedAt: '2026-11-20T09:35:00.000Z',
            status: 'refuse',
            refusalReason: 'Document illisible : renvoyez un scan net.',
            reviewedAt: '2026-11-21T10:05:00.000Z',
          },
        },
        { kind: 'piece_identite', document: null },
        { kind: 'justificatif_bancaire', document: null },
      ],
    },
  };
}

export const appearanceAnswer = (): Appearance => ({
  brandColor: '#484D9B',
  defaultTheme: 'dark',
  logoUrl: null,
});

export const notificationsAnswer = (): NotificationSettingsValues => ({
  notificationEmail: null,
  admissionReceived: true,
  kycReviewed: true,
});

export const planAnswer = (): SchoolPlanResponse => ({
  plan: 'decouverte',
  since: '2026-09-01T08:00:00.000Z',
  terms: {
    commissionRateBp: 150,
    feeFreeVolumeXof: 1_000_000,
    subscriptionXof: 165_000,
    subscriptionPeriod: 'year',
    memberLimit: 5,
    remindersPerMonth: 1000,
  },
  usage: { members: 3, memberLimit: 5 },
});

export interface SettingsRequest {
  method: string;
  path: string;
  /** The JSON body, or the FormData of an upload. */
  body: unknown;
}

type Handler = (request: SettingsRequest) => Response | unknown;

/**
 * A small « server » of the settings: GET answers, PUT/POST/DELETE recorded (JSON bodies parsed,
 * uploads kept as FormData). `routes` adds or replaces answers (`'PUT /api/settings/bank'`).
 */
export function settingsServer(routes: Record<string, Handler> = {}) {
  const sent: SettingsRequest[] = [];
  const defaults: Record<string, Handler> = {
    'GET /api/school/branding': () => ({
      name: 'Collège Les Flamboyants',
      brandColor: '#484D9B',
      defaultTheme: 'light',
      logoUrl: null,
      memberTheme: null,
      plan: 'decouverte',
    }),
    'GET /api/settings/details': () => detailsAnswer(),
    'PUT /api/settings/details': () => detailsAnswer().identity,
    'PUT /api/settings/bank': () => detailsAnswer().bank,
    'POST /api/settings/kyc-documents': () => detailsAnswer().kyc.documents[0]?.document,
    'GET /api/settings/appearance': () => appearanceAnswer(),
    'PUT /api/settings/appearance': () => appearanceAnswer(),
    'POST /api/settings/logo': () => appearanceAnswer(),
    'DELETE /api/settings/logo': () => appearanceAnswer(),
    'GET /api/settings/notifications': () => notificationsAnswer(),
    'PUT /api/settings/notifications': () => notificationsAnswer(),
    'GET /api/settings/plan': () => planAnswer(),
    'PUT /api/settings/plan': () => planAnswer(),
  };
  const table = { ...defaults, ...routes };
  const fetchMock: FetchMock = stubFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const body =
      raw instanceof FormData ? raw : raw ? (JSON.parse(String(raw)) as unknown) : undefined;
    const request = { method, path: url.pathname, body };
    if (method !== 'GET') sent.push(request);
    const handler = table[`${method} ${url.pathname}`];
    if (!handler)
      return jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' });
    const answer: unknown = await handler(request);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  return {
    fetchMock,
    sent: (method: string, path: string) =>
      sent.filter((request) => request.method === method && request.path === path),
  };
}

/** A refusal of the server with a domain code (on a field when `field` is given). */
export function refusal(status: number, code: string, message: string, field?: string) {
  return jsonResponse(status, {
    code,
    message,
    ...(field ? { issues: [{ path: field, message }] } : {}),
  });
}
