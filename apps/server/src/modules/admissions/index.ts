/** Online pre-registration (`/inscription/<school-slug>`) and the staff's decision on it. */
export { admissionsRoutes, type AdmissionsRoutesOptions } from './admissions.routes';
/** Marketing's `CampaignRegistrations` port, handed over by app.ts (decisions/0015). */
export { campaignRegistrations } from './campaign-registrations';
