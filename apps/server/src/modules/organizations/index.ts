/** Schools (tenants): creation, slugs, public profile. */
export { organizationRoutes } from './organizations.routes';
export {
  allocateSchoolSlug,
  createSchool,
  findOrganizationBySlug,
  findOrganizationsByIds,
  getSchoolPublicProfile,
  schoolToday,
} from './organizations.service';
export { organizations, type Organization, type NewOrganization } from './organizations.tables';
