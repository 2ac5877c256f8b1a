/** Schools (tenants): creation, public profile. */
export { organizationRoutes } from './organizations.routes';
export {
  createSchool,
  findOrganizationBySlug,
  getSchoolPublicProfile,
} from './organizations.service';
export { organizations, type Organization, type NewOrganization } from './organizations.tables';
