import {
  apiErrorSchema,
  appearanceSchema,
  bankDetailsSchema,
  notificationSettingsSchema,
  schoolBrandingSchema,
  schoolDetailsResponseSchema,
  schoolIdentitySchema,
  schoolPlanResponseSchema,
  updateAppearanceRequestSchema,
  updateBankDetailsRequestSchema,
  updateNotificationSettingsRequestSchema,
  updatePlanRequestSchema,
  updateSchoolDetailsRequestSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database';
import { actingMember } from '../../platform/http/acting-member';
import type { LoginPolicy } from '../auth';
import { requireMember } from '../../platform/http/request-member';
import { getAppearance, getShellBranding, updateAppearance } from './appearance/appearance.service';
import { updateBankDetails } from './bank/bank-details.service';
import { getSchoolDetails, updateSchoolDetails } from './details/school-details.service';
import {
  getNotificationSettings,
  updateNotificationSettings,
} from './notifications/notification-settings.service';
import { changeSchoolPlan, getSchoolPlan } from './plan/school-plan.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['Paramètres'];
const reading = { permission: 'read:settings' } as const;
const managing = { permission: 'manage:settings' } as const;

/** « Paramètres »: details, bank, appearance, notices, plan; the shell's branding. */
export const settingsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The login throttle's policy, which also counts the bank form's password checks. */
  loginPolicy?: LoginPolicy;
}> = async (app, { db, loginPolicy }) => {
  app.get(
    '/api/settings/details',
    {
      config: reading,
      schema: {
        tags,
        summary: 'Détails de l’organisation : identité, coordonnées bancaires, documents KYC',
        description:
          'RIB et IBAN masqués (4 derniers caractères) pour qui n’a pas manage:settings.',
        response: { 200: schoolDetailsResponseSchema, ...errors },
      },
    },
    (request) => {
      const member = requireMember(request);
      const canManage = member.permissions.includes('manage:settings');
      return getSchoolDetails(db, member.organizationId, canManage);
    },
  );

  app.put(
    '/api/settings/details',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Modifier l’identité de l’école (nom, téléphone, e-mail, adresse, ville, pays)',
        body: updateSchoolDetailsRequestSchema,
        response: { 200: schoolIdentitySchema, ...errors },
      },
    },
    (request) => updateSchoolDetails(db, actingMember(request), request.body),
  );

  app.put(
    '/api/settings/bank',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Modifier les coordonnées bancaires (mot de passe demandé)',
        description:
          'RIB UEMOA (clé vérifiée), IBAN (mod 97), BIC. Chaque Super administration est prévenue par e-mail.',
        body: updateBankDetailsRequestSchema,
        response: { 200: bankDetailsSchema, ...errors },
      },
    },
    (request) => updateBankDetails(db, actingMember(request), request.body, loginPolicy),
  );

  app.get(
    '/api/settings/appearance',
    {
      config: reading,
      schema: {
        tags,
        summary: 'Apparence : couleur principale, thème par défaut, logo',
        response: { 200: appearanceSchema, ...errors },
      },
    },
    (request) => getAppearance(db, requireMember(request).organizationId),
  );

  app.put(
    '/api/settings/appearance',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Modifier la couleur principale (#RRGGBB) et le thème par défaut',
        body: updateAppearanceRequestSchema,
        response: { 200: appearanceSchema, ...errors },
      },
    },
    (request) => updateAppearance(db, actingMember(request), request.body),
  );

  app.get(
    '/api/settings/notifications',
    {
      config: reading,
      schema: {
        tags,
        summary: 'Avis envoyés à l’école et leur adresse',
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    (request) => getNotificationSettings(db, requireMember(request).organizationId),
  );

  app.put(
    '/api/settings/notifications',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Modifier les avis envoyés à l’école',
        body: updateNotificationSettingsRequestSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    (request) => updateNotificationSettings(db, actingMember(request), request.body),
  );

  app.get(
    '/api/settings/plan',
    {
      config: reading,
      schema: {
        tags,
        summary: 'Formule de l’école, ses conditions et son utilisation',
        response: { 200: schoolPlanResponseSchema, ...errors },
      },
    },
    (request) => getSchoolPlan(db, requireMember(request).organizationId),
  );

  app.put(
    '/api/settings/plan',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Changer de formule (Découverte, Croissance, Personnalisé)',
        body: updatePlanRequestSchema,
        response: { 200: schoolPlanResponseSchema, ...errors },
      },
    },
    (request) => changeSchoolPlan(db, actingMember(request), request.body.plan),
  );

  app.get(
    '/api/school/branding',
    {
      config: { session: true },
      schema: {
        tags,
        summary: 'Nom, couleur, logo et thème de l’école pour l’interface (tout membre)',
        response: { 200: schoolBrandingSchema, ...errors },
      },
    },
    (request) => {
      const member = requireMember(request);
      return getShellBranding(db, member.organizationId, member.userId);
    },
  );
};
