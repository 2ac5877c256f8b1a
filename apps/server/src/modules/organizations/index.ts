/** Schools (tenants): creation, slugs, public profile, the public search by name or city. */
export { organizationRoutes } from './organizations.routes';
export {
  createSchool,
  createSchoolWithFreeSlug,
  findOrganizationBySlug,
  findOrganizationsByIds,
  getSchoolPublicProfile,
  schoolToday,
  searchSchools,
  type FoundSchool,
} from './organizations.service';
export type { Organization, NewOrganization } from './organizations.tables';
