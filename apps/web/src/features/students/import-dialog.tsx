import { useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button, ExplainedButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { addFrenchStrings } from '../../i18n/add-strings';
import { studentImport } from '../../i18n/fr/student-import';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { STUDENTS_KEY, useCommitImport, useStudentImport, useUploadImport } from './import.api';
import type { ImportMode, StudentImport } from './import.api';
import { fileTooLarge, ImportFileStep } from './import-file-step';
import { ImportPreview } from './import-preview';
import { ImportRunStep } from './import-progress';

// The wizard's strings: it rides in the « Étudiants » screen's chunk.
addFrenchStrings(studentImport);

/**
 * « Importer des étudiants »: a CSV or Excel file is chosen (or dropped), sent with a progress
 * bar, read by the server (preview: counts, every problem, the first rows), then imported all
 * or nothing or without its bad rows, the progress asked every 500 ms until the outcome.
 * Closing after an import refreshes every students query (list, counters, pages).
 */
export function ImportStudentsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const committed = useRef(false);

  function close() {
    if (committed.current) {
      committed.current = false;
      void queryClient.invalidateQueries({ queryKey: STUDENTS_KEY });
    }
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('studentImport.title')}
      description={t('studentImport.lead')}
      closeLabel={t('common.close')}
      size="lg"
      initialFocus={inputRef}
    >
      {/* Unmounted when closed: each opening starts afresh (and aborts an upload under way). */}
      {open ? (
        <ImportWizard
          inputRef={inputRef}
          onCommitted={() => {
            committed.current = true;
          }}
          onClose={close}
        />
      ) : null}
    </Dialog>
  );
}

interface UploadError {
  message: string;
  details: string[];
}

/** The server's refusal of a file, its issues listed under its sentence. */
function uploadErrorOf(error: unknown, t: TFunction): UploadError {
  if (error instanceof ApiClientError) {
    if (error.status === 413 && !error.serverMessage) {
      return { message: t('studentImport.messages.tooLarge'), details: [] };
    }
    // The first issue is the answer's own sentence (the server says it first): the others follow.
    const details = error.issues.slice(1).map((issue) => issue.message);
    return { message: errorMessage(error, t, t('studentImport.upload.failure')), details };
  }
  return { message: errorMessage(error, t, t('studentImport.upload.failure')), details: [] };
}

function ImportWizard({
  inputRef,
  onCommitted,
  onClose,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onCommitted: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadImport();
  const commit = useCommitImport();
  const [importId, setImportId] = useState<string | null>(null);
  const current = useStudentImport(importId);
  const [sending, setSending] = useState<{ name: string; sent: number } | null>(null);
  const [uploadError, setUploadError] = useState<UploadError | null>(null);
  const [mode, setMode] = useState<ImportMode | null>(null);
  const aborter = useRef<AbortController | null>(null);

  useEffect(() => () => aborter.current?.abort(), []);

  async function onFile(file: File) {
    if (sending) return;
    if (fileTooLarge(file)) {
      setUploadError({ message: t('studentImport.messages.tooLarge'), details: [] });
      return;
    }
    setUploadError(null);
    setSending({ name: file.name, sent: 0 });
    const controller = new AbortController();
    aborter.current = controller;
    try {
      const answer = await upload.mutateAsync({
        file,
        signal: controller.signal,
        onProgress: (sent) => setSending({ name: file.name, sent }),
      });
      setMode(null);
      setImportId(answer.id);
    } catch (error) {
      if (controller.signal.aborted) return;
      setUploadError(uploadErrorOf(error, t));
      inputRef.current?.focus();
    } finally {
      if (!controller.signal.aborted) setSending(null);
    }
  }

  function chooseAnother() {
    setImportId(null);
    commit.reset();
    upload.reset();
  }

  async function start(run: StudentImport, chosen: ImportMode) {
    if (commit.isPending) return;
    try {
      await commit.mutateAsync({ importId: run.id, mode: chosen });
    } catch {
      return; // shown under the choice
    }
    onCommitted();
  }

  const run = importId ? current.data : undefined;
  const step = !run ? 'file' : run.status === 'previewed' ? 'preview' : 'run';

  // A new step replaces what had focus (the file input, the Importer button): focus follows.
  const stepRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (step === 'file') inputRef.current?.focus();
    else stepRef.current?.focus();
  }, [step, inputRef]);

  let content: ReactNode;
  if (!run) {
    content = (
      <>
        <ImportFileStep
          inputRef={inputRef}
          onFile={(file) => void onFile(file)}
          uploading={sending}
          error={uploadError}
        />
        <Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('studentImport.cancel')}
          </Button>
        </Footer>
      </>
    );
  } else if (run.status === 'previewed') {
    const chosen = mode ?? (run.invalidRows > 0 ? 'skip_invalid' : 'all_or_nothing');
    const blocked =
      run.validRows === 0
        ? t('studentImport.messages.nothingToImport')
        : chosen === 'all_or_nothing' && run.invalidRows > 0
          ? t('studentImport.messages.allOrNothingBlocked')
          : null;
    content = (
      <>
        <ImportPreview preview={run} mode={chosen} onMode={setMode} />
        <FormAlert>
          {commit.isError ? errorMessage(commit.error, t, t('studentImport.mode.failure')) : null}
        </FormAlert>
        <Footer>
          <Button variant="secondary" onClick={chooseAnother} disabled={commit.isPending}>
            {t('studentImport.mode.other')}
          </Button>
          <ExplainedButton
            disabledReason={blocked}
            disabled={commit.isPending}
            onClick={() => void start(run, chosen)}
          >
            {commit.isPending ? t('studentImport.mode.submitting') : t('studentImport.mode.submit')}
          </ExplainedButton>
        </Footer>
      </>
    );
  } else {
    content = (
      <>
        <ImportRunStep run={run} pollFailed={current.isRefetchError} />
        <Footer>
          <Button variant={run.status === 'running' ? 'secondary' : 'primary'} onClick={onClose}>
            {t('studentImport.close')}
          </Button>
        </Footer>
      </>
    );
  }

  return (
    <div ref={stepRef} tabIndex={-1} className="outline-none">
      {content}
    </div>
  );
}

/** The buttons under a step, as the dialog's own footer lays them out. */
function Footer({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse justify-end gap-3 sm:flex-row">{children}</div>;
}
