import { useTranslation } from 'react-i18next';
import { Archive, ArchiveRestore, Pencil, Plus, Trash2 } from 'lucide-react';
import { REGISTRATION_FEE_LABEL } from '@ecolage/contracts';
import type { Level, Programme } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { LevelQrSheetButton } from '../payment-links/qr-downloads';
import { LevelTuition } from './level-fees';

/** What the card asks its section to do (dialogs and calls live in the section). */
export interface ProgrammeActions {
  rename: (programme: Programme) => void;
  remove: (programme: Programme) => void;
  restore: (programme: Programme) => void;
  addLevel: (programme: Programme) => void;
  editLevel: (programme: Programme, level: Level) => void;
  removeLevel: (level: Level) => void;
  restoreLevel: (level: Level) => void;
}

/**
 * Restore for an archived record; otherwise edit, and delete — or archive, once the record is
 * used (the server decides, and says which it did).
 */
function RecordActions({
  archived,
  inUse,
  restoreVariant,
  labels,
  onEdit,
  onRemove,
  onRestore,
}: {
  archived: boolean;
  inUse: boolean;
  restoreVariant: 'ghost' | 'secondary';
  labels: { edit: string; editAria: string; removeAria: string; restoreAria: string };
  onEdit: () => void;
  onRemove: () => void;
  onRestore: () => void;
}) {
  const { t } = useTranslation();
  if (archived) {
    return (
      <Button
        variant={restoreVariant}
        size="sm"
        aria-label={labels.restoreAria}
        onClick={onRestore}
      >
        <ArchiveRestore aria-hidden="true" className="size-4" />
        {t('programmes.restore')}
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={labels.editAria} onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
        {labels.edit}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        aria-label={labels.removeAria}
        onClick={onRemove}
      >
        {inUse ? (
          <Archive aria-hidden="true" className="size-4" />
        ) : (
          <Trash2 aria-hidden="true" className="size-4" />
        )}
        {inUse ? t('programmes.archive') : t('programmes.delete')}
      </Button>
    </>
  );
}

function LevelRow({
  programme,
  level,
  canWrite,
  canPrintQr,
  actions,
}: {
  programme: Programme;
  level: Level;
  canWrite: boolean;
  canPrintQr: boolean;
  actions: ProgrammeActions;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const name = level.name;
  return (
    <Tr>
      <Td label={t('programmes.levels.name')}>
        <span className="font-semibold text-slate-900">{name}</span>
        {level.archived ? (
          <Badge tone="grey" className="ml-2">
            {t('programmes.archived')}
          </Badge>
        ) : null}
        {level.enrolledCount > 0 ? (
          <span className="block text-xs text-slate-600">
            {t('programmes.levels.enrolled', { count: level.enrolledCount })}
          </span>
        ) : null}
      </Td>
      <Td
        label={t('programmes.registration', { label: REGISTRATION_FEE_LABEL })}
        className="tabular-nums"
      >
        {formatMoney(level.registrationFee, language)}
      </Td>
      <Td label={t('programmes.levels.tuition')}>
        <LevelTuition level={level} />
      </Td>
      <Td label={t('programmes.levels.yearTotal')} className="font-semibold tabular-nums">
        {formatMoney(level.yearTotal, language)}
      </Td>
      {canWrite || canPrintQr ? (
        // No label on a phone's card: the buttons take the card's whole width and wrap there
        // (beside a label, « Feuille de QR codes (PDF) » ran past the card's edge).
        <Td>
          <div className="flex flex-wrap gap-1 max-md:pt-2">
            {canPrintQr && !level.archived && level.enrolledCount > 0 ? (
              <LevelQrSheetButton levelId={level.id} name={`${programme.name} ${name}`} />
            ) : null}
            {canWrite ? (
              <RecordActions
                archived={level.archived}
                inUse={level.inUse}
                restoreVariant="ghost"
                labels={{
                  edit: t('programmes.edit'),
                  editAria: t('programmes.levels.editLabel', { name }),
                  removeAria: t(
                    level.inUse
                      ? 'programmes.levels.archiveLabel'
                      : 'programmes.levels.deleteLabel',
                    { name },
                  ),
                  restoreAria: t('programmes.levels.restoreLabel', { name }),
                }}
                onEdit={() => actions.editLevel(programme, level)}
                onRemove={() => actions.removeLevel(level)}
                onRestore={() => actions.restoreLevel(level)}
              />
            ) : null}
          </div>
        </Td>
      ) : null}
    </Tr>
  );
}

/**
 * A programme and its levels: registration fee (« Inscription »), tuition (monthly or
 * schedule) and year total of each. Archived levels show only with the archived programmes.
 */
export function ProgrammeCard({
  programme,
  canWrite,
  canPrintQr,
  showArchived,
  actions,
}: {
  programme: Programme;
  canWrite: boolean;
  /** request:payments: each level offers its class's sheet of payment QR codes. */
  canPrintQr: boolean;
  showArchived: boolean;
  actions: ProgrammeActions;
}) {
  const { t } = useTranslation();
  const headingId = `programme-${programme.id}`;
  const levels = programme.levels.filter((level) => showArchived || !level.archived);
  const name = programme.name;
  const editable = canWrite && !programme.archived;
  const printable = canPrintQr && !programme.archived;
  return (
    <li
      aria-labelledby={headingId}
      className={[
        'rounded-2xl border bg-white p-5',
        programme.archived ? 'border-dashed border-slate-300' : 'border-slate-200',
      ].join(' ')}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-lg font-bold text-slate-900">
            {name}
          </h3>
          {programme.archived ? <Badge tone="grey">{t('programmes.archived')}</Badge> : null}
        </div>
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <RecordActions
              archived={programme.archived}
              inUse={programme.inUse}
              restoreVariant="secondary"
              labels={{
                edit: t('programmes.list.rename'),
                editAria: t('programmes.list.renameLabel', { name }),
                removeAria: t(
                  programme.inUse ? 'programmes.list.archiveLabel' : 'programmes.list.deleteLabel',
                  { name },
                ),
                restoreAria: t('programmes.list.restoreLabel', { name }),
              }}
              onEdit={() => actions.rename(programme)}
              onRemove={() => actions.remove(programme)}
              onRestore={() => actions.restore(programme)}
            />
          </div>
        ) : null}
      </div>
      <div className="mt-4">
        {levels.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            {t('programmes.levels.empty')}
          </p>
        ) : (
          <Table caption={t('programmes.levels.caption', { name })} layout="stack" dense>
            <THead>
              <Tr>
                <Th>{t('programmes.levels.name')}</Th>
                <Th>{t('programmes.registration', { label: REGISTRATION_FEE_LABEL })}</Th>
                <Th>{t('programmes.levels.tuition')}</Th>
                <Th>{t('programmes.levels.yearTotal')}</Th>
                {editable || printable ? <Th>{t('programmes.actions')}</Th> : null}
              </Tr>
            </THead>
            <TBody>
              {levels.map((level) => (
                <LevelRow
                  key={level.id}
                  programme={programme}
                  level={level}
                  canWrite={editable}
                  canPrintQr={printable}
                  actions={actions}
                />
              ))}
            </TBody>
          </Table>
        )}
      </div>
      {editable ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-4"
          aria-label={t('programmes.levels.addLabel', { name })}
          onClick={() => actions.addLevel(programme)}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('programmes.levels.add')}
        </Button>
      ) : null}
    </li>
  );
}
