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
export type { Organization, NewOrganization, SchoolPlanTerms } from './organizations.tables';
export {
  brandingOf,
  getSchoolBranding,
  LOGO_FOLDER,
  readSchoolLogoPng,
  schoolLogoUrl,
  type SchoolBranding,
} from './branding';
export {
  appendPlanTerms,
  currentMemberLimit,
  listPlanTerms,
  planTermsAt,
  termsOf,
} from './plan-terms.service';
export {
  findOrganizationById,
  lockSchoolRow,
  updateSchoolSettings,
  type SchoolSettingsPatch,
} from './organizations.service';
export {
  changeSchoolSlug,
  previousSchoolSlugs,
  redirectedSchoolSlug,
  updateSchoolPublicPage,
  type SlugChange,
} from './school-slugs.service';
export { smallLogo, SMALL_LOGO_PX } from './small-logo';
