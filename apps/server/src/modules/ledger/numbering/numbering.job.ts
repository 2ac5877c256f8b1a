import { addDays } from '@ecolage/contracts';
import type { Database } from '../../../platform/db/database';
import type { JobDefinition } from '../../../platform/jobs/jobs';
import { schoolToday } from '../../organizations';
import { schoolsToValidate, validateLedgerThrough } from './numbering.service';

/**
 * Each night, every school's ledger is validated through its yesterday: the day's entries get
 * their numbers even when nobody exports (exports validate through their own end day first).
 */
export function ledgerValidationJob(db: Database): JobDefinition {
  return {
    name: 'ledger.validate',
    schedule: { cron: '23 2 * * *' },
    async run(_data, { logger }) {
      for (const organizationId of await schoolsToValidate(db)) {
        const yesterday = addDays(await schoolToday(db, organizationId), -1);
        const { numbered } = await validateLedgerThrough(db, organizationId, yesterday);
        if (numbered > 0) logger.info({ organizationId, numbered }, 'écritures numérotées');
      }
    },
  };
}
