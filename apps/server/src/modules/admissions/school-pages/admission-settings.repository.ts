import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { admissionSettings } from '../admissions.tables';

/** Whether the school's online pre-registration is open, and for which programmes. */
export interface AdmissionSettings {
  open: boolean;
  /** null: every active programme (also those created later). */
  programmeIds: string[] | null;
}

/** No row yet: open, every programme. */
export const DEFAULT_ADMISSION_SETTINGS: AdmissionSettings = { open: true, programmeIds: null };

export async function findAdmissionSettings(
  db: DbOrTx,
  organizationId: string,
): Promise<AdmissionSettings> {
  const [row] = await db
    .select({ open: admissionSettings.open, programmeIds: admissionSettings.programmeIds })
    .from(admissionSettings)
    .where(eq(admissionSettings.organizationId, organizationId))
    .limit(1);
  return row ?? DEFAULT_ADMISSION_SETTINGS;
}

export async function saveAdmissionSettings(
  tx: DbOrTx,
  organizationId: string,
  settings: AdmissionSettings,
  now: Date,
): Promise<void> {
  const values = { open: settings.open, programmeIds: settings.programmeIds, updatedAt: now };
  await tx
    .insert(admissionSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: admissionSettings.organizationId, set: values });
}

/** Whether the form offers `programmeId` under `settings`. */
export function offersProgramme(settings: AdmissionSettings, programmeId: string): boolean {
  return settings.programmeIds === null || settings.programmeIds.includes(programmeId);
}
