import {
  guardianRelationLabels,
  guardianRelationValues,
  studentStatusLabels,
  studentStatusValues,
  type GuardianRelation,
  type StudentStatus,
} from '@ecolage/contracts';
import { z } from 'zod';
import { foldForSearch } from '../../../platform/search-text';

/**
 * Reading the free text of an import's cells: statuses and relations by their French label or
 * their key, names and labels without accents nor case.
 */

/** Text compared without accents, case, spaces nor punctuation: « Mère » = « mere ». */
export function compactKey(text: string): string {
  return foldForSearch(text).replace(/[^a-z0-9]/g, '');
}

const statusByText = new Map<string, StudentStatus>([
  ...studentStatusValues.map((key) => [compactKey(key), key] as const),
  ...studentStatusValues.map((key) => [compactKey(studentStatusLabels[key]), key] as const),
  ['suspendue', 'suspended'],
  ['attente', 'pending'],
]);

const relationByText = new Map<string, GuardianRelation>([
  ...guardianRelationValues.map((key) => [compactKey(key), key] as const),
  ...guardianRelationValues.map((key) => [compactKey(guardianRelationLabels[key]), key] as const),
  ['tuteur', 'guardian'],
  ['tutrice', 'guardian'],
  ['parrain', 'sponsor'],
  ['marraine', 'sponsor'],
  ['etudiant', 'self'],
  ['etudiante', 'self'],
  ['luimeme', 'self'],
  ['ellememe', 'self'],
]);

/** « Actif », « active », « SUSPENDU », « En attente »… or null when unknown. */
export function readStatus(text: string): StudentStatus | null {
  return statusByText.get(compactKey(text)) ?? null;
}

/** « Mère », « mere », « father », « Tuteur / tutrice »… or null when unknown. */
export function readRelation(text: string): GuardianRelation | null {
  return relationByText.get(compactKey(text)) ?? null;
}

export const statusHint = Object.values(studentStatusLabels).join(', ');
export const relationHint = Object.values(guardianRelationLabels).join(', ');

const emailSchema = z.email();

/** A valid e-mail address in lower case, or null. */
export function readEmail(text: string): string | null {
  const value = text.trim();
  return value.length <= 254 && emailSchema.safeParse(value).success ? value.toLowerCase() : null;
}

/** A school year label as compared: `2026-2027`, whatever the dash or slash typed. */
export function yearKey(label: string): string {
  return label.trim().replace(/\s*[/\-\u2013\u2014]\s*/g, '-');
}

/** Spaces collapsed (names typed with double spaces or a trailing one). */
export function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
