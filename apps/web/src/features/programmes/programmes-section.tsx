import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { Level, Programme } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { ListState } from '../../components/ui/list-state';
import { notify } from '../../components/ui/toaster';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { LevelDialog } from './level-dialog';
import { restoreRequest } from './level-form';
import { ProgrammeCard } from './programme-card';
import type { ProgrammeActions } from './programme-card';
import { ProgrammeDialog } from './programme-dialog';
import { useProgrammes, useUpdateLevel, useUpdateProgramme } from './programmes.api';
import { RemovalDialog } from './removal-dialog';
import type { Removal } from './removal-dialog';

interface Editor<Item> {
  open: boolean;
  item: Item;
  /** A new round remounts the dialog, so it opens with fresh values. */
  round: number;
}

function useEditor<Item>(empty: Item) {
  const [editor, setEditor] = useState<Editor<Item>>({ open: false, item: empty, round: 0 });
  return {
    editor,
    open: (item: Item) => setEditor((current) => ({ open: true, item, round: current.round + 1 })),
    close: () => setEditor((current) => ({ ...current, open: false })),
  };
}

/**
 * The school's programmes, each with its levels and fee grids. With write:programmes: create,
 * rename, delete (or archive, once used) and restore programmes; add, edit and remove levels.
 * With request:payments: each level's sheet of payment QR codes.
 */
export function ProgrammesSection({
  canWrite,
  canPrintQr,
}: {
  canWrite: boolean;
  canPrintQr: boolean;
}) {
  const { t } = useTranslation();
  const [showArchived, setShowArchived] = useState(false);
  const programmes = useProgrammes({ includeArchived: showArchived });
  const updateProgramme = useUpdateProgramme();
  const updateLevel = useUpdateLevel();
  const programmeEditor = useEditor<Programme | null>(null);
  const levelEditor = useEditor<{ programme: Programme | null; level: Level | null }>({
    programme: null,
    level: null,
  });
  const [removal, setRemoval] = useState<Removal | null>(null);

  async function restore(call: () => Promise<unknown>, success: string) {
    try {
      await call();
      notify.success(success);
    } catch (error) {
      notify.error(errorMessage(error, t, t('ui.genericError')));
    }
  }

  const actions: ProgrammeActions = {
    rename: (programme) => programmeEditor.open(programme),
    remove: (programme) => setRemoval({ kind: 'programme', item: programme }),
    restore: (programme) =>
      void restore(
        () =>
          updateProgramme.mutateAsync({ programmeId: programme.id, change: { archived: false } }),
        t('programmes.list.restored', { name: programme.name }),
      ),
    addLevel: (programme) => levelEditor.open({ programme, level: null }),
    editLevel: (programme, level) => levelEditor.open({ programme, level }),
    removeLevel: (level) => setRemoval({ kind: 'level', item: level }),
    restoreLevel: (level) =>
      void restore(
        () => updateLevel.mutateAsync({ levelId: level.id, level: restoreRequest(level) }),
        t('programmes.levels.restored', { name: level.name }),
      ),
  };

  let body;
  if (programmes.isPending) {
    body = <ListState tone="loading" title={t('programmes.list.loading')} />;
  } else if (programmes.isError) {
    body = (
      <ListState
        tone="error"
        title={t('programmes.list.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void programmes.refetch()}
      >
        {errorStatus(programmes.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (programmes.data.length === 0) {
    body = (
      <ListState title={t('programmes.list.empty')}>
        {canWrite ? t('programmes.list.emptyHint') : null}
      </ListState>
    );
  } else {
    body = (
      <ul className="space-y-4" aria-busy={programmes.isPlaceholderData || undefined}>
        {programmes.data.map((programme) => (
          <ProgrammeCard
            key={programme.id}
            programme={programme}
            canWrite={canWrite}
            canPrintQr={canPrintQr}
            showArchived={showArchived}
            actions={actions}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="programmes-titre" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="programmes-titre" className="text-xl font-bold text-slate-900">
            {t('programmes.list.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('programmes.list.lead')}</p>
        </div>
        {canWrite ? (
          <Button onClick={() => programmeEditor.open(null)} className="max-sm:w-full">
            <Plus aria-hidden="true" className="size-4" />
            {t('programmes.list.new')}
          </Button>
        ) : null}
      </div>
      <Checkbox
        label={t('programmes.list.showArchived')}
        checked={showArchived}
        onChange={(event) => setShowArchived(event.target.checked)}
      />
      {body}
      {canWrite ? (
        <>
          <ProgrammeDialog
            key={`programme-${programmeEditor.editor.round}`}
            open={programmeEditor.editor.open}
            programme={programmeEditor.editor.item}
            onClose={programmeEditor.close}
          />
          <LevelDialog
            key={`level-${levelEditor.editor.round}`}
            open={levelEditor.editor.open}
            programme={levelEditor.editor.item.programme}
            level={levelEditor.editor.item.level}
            onClose={levelEditor.close}
          />
          <RemovalDialog removal={removal} onClose={() => setRemoval(null)} />
        </>
      ) : null}
    </section>
  );
}
