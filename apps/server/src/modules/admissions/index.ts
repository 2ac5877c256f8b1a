/** Online pre-registration (`/inscription/<school-slug>`) and the staff's decision on it. */
export { admissionsRoutes, type AdmissionsRoutesOptions } from './admissions.routes';
