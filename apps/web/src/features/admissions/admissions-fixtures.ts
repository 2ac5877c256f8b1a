import type { Admission, AdmissionStatus } from '@ecolage/contracts';
import { jsonResponse } from '../../test/fetch-mock';
import type { RouteRequest, Routes } from '../../test/api-routes';

/** Test data of « Demandes d'inscription »: requests of every status, and a server that decides. */

export function admission(index: number, overrides: Partial<Admission> = {}): Admission {
  return {
    id: `4d5e6f70-0000-4d00-8d00-${String(index).padStart(12, '0')}`,
    studentId: `3c4d5e6f-0000-4c00-8c00-${String(index).padStart(12, '0')}`,
    matricule: `STU-${String(index + 20).padStart(3, '0')}`,
    fullName: `Candidat ${index}`,
    email: `candidat${index}@exemple.tg`,
    phone: `+2289012340${index % 10}`,
    gender: 'female',
    country: 'TG',
    programmeName: 'Licence Informatique',
    levelName: 'L1',
    status: 'submitted',
    refusalReason: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: `2026-11-${String(20 - (index % 19)).padStart(2, '0')}T09:30:00.000Z`,
    campaignName: null,
    coupon: null,
    ...overrides,
  };
}

export const ESSI = admission(1, {
  fullName: 'Essi Lawson',
  email: 'essi@exemple.tg',
  phone: '+22890123456',
  programmeName: 'Master Droit',
  levelName: 'M1',
});
export const YAO = admission(2, { fullName: 'Yao Dossou', email: 'yao@exemple.tg' });
export const KAFUI = admission(3, {
  fullName: 'Kafui Ameko',
  status: 'refused',
  refusalReason: 'Dossier incomplet',
  decidedBy: 'Ama Mensah',
  decidedAt: '2026-11-19T10:00:00.000Z',
});

/** The server's list and decisions over `initial` (mutated by accept and refuse). */
export function admissionsRoutes(initial: Admission[] = [ESSI, YAO, KAFUI]): Routes {
  const admissions = initial.map((item) => ({ ...item }));
  const find = (request: RouteRequest) =>
    admissions.find((item) => request.url.pathname.includes(item.id));
  const decide = (request: RouteRequest, status: AdmissionStatus, reason: string | null) => {
    const found = find(request);
    if (!found) return jsonResponse(404, { message: 'Demande d’inscription introuvable.' });
    if (found.status !== 'submitted') {
      return jsonResponse(409, { message: 'Cette demande a déjà été traitée.', code: 'CONFLICT' });
    }
    Object.assign(found, {
      status,
      refusalReason: reason,
      decidedBy: 'Ama Mensah',
      decidedAt: '2026-11-21T08:00:00.000Z',
    });
    return found;
  };
  const routes: Routes = {
    'GET /api/admissions': ({ url }) => {
      const status = url.searchParams.get('status') ?? 'submitted';
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      const matching = admissions.filter((item) => item.status === status);
      return {
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
      };
    },
  };
  for (const item of admissions) {
    routes[`POST /api/admissions/${item.id}/accept`] = (request) => {
      const answer = decide(request, 'accepted', null);
      return answer instanceof Response
        ? answer
        : {
            admission: answer,
            invoicesIssued: 11,
            paymentLinkUrl: 'http://127.0.0.1:3000/payer/l/AbCdEfGhJkLm.abcdefghijkl',
          };
    };
    routes[`POST /api/admissions/${item.id}/refuse`] = (request) =>
      decide(request, 'refused', (request.body as { reason: string }).reason);
  }
  return routes;
}
