import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudentImport } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatNumber } from '../../lib/format';
import type { ImportMode } from './import.api';

/** The server lists at most this many issues. */
const ISSUES_CAP = 1000;

/**
 * Step 2: what the server read in the file — counts, every problem (line, column, message, in
 * a scrolling frame), the first rows with what each will do — and the choice of the mode.
 */
export function ImportPreview({
  preview,
  mode,
  onMode,
}: {
  preview: StudentImport;
  mode: ImportMode;
  onMode: (mode: ImportMode) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const headingId = useId();
  const number = (value: number) => formatNumber(value, language);
  const counts = [
    ['total', t('studentImport.preview.totalRows'), preview.totalRows, 'text-slate-900'],
    ['valid', t('studentImport.preview.validRows'), preview.validRows, 'text-green-800'],
    ['invalid', t('studentImport.preview.invalidRows'), preview.invalidRows, 'text-red-800'],
  ] as const;
  return (
    <div className="space-y-5">
      <p className="text-sm break-all text-slate-700">
        {t('studentImport.preview.fileName', { name: preview.fileName })}
      </p>
      <dl className="grid grid-cols-3 gap-3">
        {counts.map(([key, label, value, tone]) => (
          <div key={key} className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className={`text-xl font-bold tabular-nums ${tone}`}>{number(value)}</dd>
          </div>
        ))}
      </dl>

      {preview.issues.length > 0 ? (
        <section aria-labelledby={`${headingId}-issues`} className="space-y-2">
          <h3 id={`${headingId}-issues`} className="font-semibold text-slate-900">
            {t('studentImport.preview.issuesHeading', { n: number(preview.issues.length) })}
          </h3>
          <Scroll>
            <Table caption={t('studentImport.preview.issuesCaption')} dense>
              <THead>
                <Tr>
                  <Th>{t('studentImport.preview.line')}</Th>
                  <Th>{t('studentImport.preview.column')}</Th>
                  <Th>{t('studentImport.preview.problem')}</Th>
                </Tr>
              </THead>
              <TBody>
                {preview.issues.map((issue, index) => (
                  <Tr key={`${issue.line}-${issue.column ?? ''}-${index}`}>
                    <Td className="tabular-nums">{number(issue.line)}</Td>
                    <Td className="whitespace-nowrap">
                      {issue.column ?? t('studentImport.preview.wholeRow')}
                    </Td>
                    <Td>{issue.message}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </Scroll>
          {preview.issues.length >= ISSUES_CAP ? (
            <p className="text-sm text-slate-700">{t('studentImport.preview.issuesCapped')}</p>
          ) : null}
        </section>
      ) : (
        <p className="text-sm font-medium text-green-800">{t('studentImport.preview.noIssues')}</p>
      )}

      {preview.preview.length > 0 ? (
        <section aria-labelledby={`${headingId}-rows`} className="space-y-2">
          <h3 id={`${headingId}-rows`} className="font-semibold text-slate-900">
            {t('studentImport.preview.rowsHeading')}
          </h3>
          <Scroll>
            <PreviewRows rows={preview.preview} />
          </Scroll>
        </section>
      ) : null}

      <ModeChoice preview={preview} mode={mode} onMode={onMode} />
    </div>
  );
}

/** A frame that scrolls down when its table is long. */
function Scroll({ children }: { children: ReactNode }) {
  return <div className="max-h-64 overflow-y-auto rounded-2xl">{children}</div>;
}

function PreviewRows({ rows }: { rows: StudentImport['preview'] }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const text = (value: string | null) => value || t('studentImport.preview.empty');
  return (
    <Table caption={t('studentImport.preview.rowsCaption')} dense minWidth="min-w-[44rem]">
      <THead>
        <Tr>
          <Th>{t('studentImport.preview.line')}</Th>
          <Th>{t('studentImport.preview.matricule')}</Th>
          <Th>{t('studentImport.preview.fullName')}</Th>
          <Th>{t('studentImport.preview.programme')}</Th>
          <Th>{t('studentImport.preview.level')}</Th>
          <Th>{t('studentImport.preview.guardian')}</Th>
          <Th>{t('studentImport.preview.action')}</Th>
          <Th>{t('studentImport.preview.state')}</Th>
        </Tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.line}>
            <Td className="tabular-nums">{formatNumber(row.line, language)}</Td>
            <Td>{text(row.matricule)}</Td>
            <Td>{text(row.fullName)}</Td>
            <Td>{text(row.programme)}</Td>
            <Td>{text(row.level)}</Td>
            <Td>
              {text(row.guardianName)}
              {row.guardianPhone ? (
                <span className="block text-xs text-slate-600">{row.guardianPhone}</span>
              ) : null}
            </Td>
            <Td>
              <Badge tone={row.action === 'create' ? 'blue' : 'purple'}>
                {row.action === 'create'
                  ? t('studentImport.preview.create')
                  : t('studentImport.preview.update')}
              </Badge>
            </Td>
            <Td>
              <Badge tone={row.valid ? 'green' : 'red'}>
                <span aria-hidden="true">{row.valid ? '✓' : '✗'}</span>
                {row.valid ? t('studentImport.preview.valid') : t('studentImport.preview.invalid')}
              </Badge>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** « Tout ou rien » (only when every row is valid) or « Ignorer les lignes en erreur (N) ». */
function ModeChoice({
  preview,
  mode,
  onMode,
}: {
  preview: StudentImport;
  mode: ImportMode;
  onMode: (mode: ImportMode) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const name = useId();
  const blocked = preview.invalidRows > 0;
  const options = [
    {
      value: 'all_or_nothing' as const,
      label: t('studentImport.mode.allOrNothing'),
      hint: blocked
        ? t('studentImport.messages.allOrNothingBlocked')
        : t('studentImport.mode.allOrNothingHint'),
      disabled: blocked,
    },
    {
      value: 'skip_invalid' as const,
      label: t('studentImport.mode.skipInvalid', {
        n: formatNumber(preview.invalidRows, language),
      }),
      hint: t('studentImport.mode.skipInvalidHint'),
      disabled: false,
    },
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-semibold text-slate-900">
        {t('studentImport.mode.legend')}
      </legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={[
            'flex gap-3 rounded-xl border px-3 py-2.5',
            mode === option.value ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
            option.disabled ? 'cursor-not-allowed bg-slate-50' : 'cursor-pointer',
          ].join(' ')}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={mode === option.value}
            disabled={option.disabled}
            aria-labelledby={`${name}-${option.value}-label`}
            aria-describedby={`${name}-${option.value}`}
            onChange={() => onMode(option.value)}
            className="mt-1 size-4 accent-brand-600"
          />
          <span>
            <span
              id={`${name}-${option.value}-label`}
              className={`block font-medium ${option.disabled ? 'text-slate-600' : 'text-slate-900'}`}
            >
              {option.label}
            </span>
            <span
              id={`${name}-${option.value}`}
              className={`block text-sm ${option.disabled && blocked ? 'text-red-800' : 'text-slate-700'}`}
            >
              {option.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
