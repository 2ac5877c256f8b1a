import type { Translation } from '../fr';

/** « Exporter » of the accounting screen: the accounting reports' dialog. */
export const accountingReports: Pick<Translation, 'accountingReports'> = {
  accountingReports: {
    title: 'Export an accounting report',
    description: 'Choose the report, the period and the format: the file downloads.',
    report: 'Report',
    reports: {
      'grand-livre': {
        name: 'Students subsidiary ledger',
        line: 'Each student’s entries on account 4111, with the opening and closing balance.',
      },
      'balance-agee': {
        name: 'Aged receivables',
        line: 'What each student owes at a date: not due, 0–30, 31–60, 61–90 and over 90 days.',
      },
      encaissements: {
        name: 'Collections',
        line: 'By mode and provider: count, gross, commission, fees and net, refunds deducted.',
      },
      virements: {
        name: 'Payouts',
        line: 'The period’s payouts to the school’s account, their status and amounts.',
      },
    },
    from: 'From',
    to: 'To',
    at: 'As at',
    periodInverted: 'The start date must come before the end date.',
    student: 'Student (optional)',
    studentHint: 'No student chosen: every student whose account moved in the period.',
    studentSearch: 'Search for a student',
    studentPlaceholder: 'Name or student number',
    studentResults: 'Students found',
    studentNoMatch: 'No student matches “{{search}}”.',
    studentChosen: 'Chosen student: {{name}}',
    studentClear: 'All students',
    format: 'Format',
    pdf: 'PDF',
    xlsx: 'Excel (XLSX)',
    download: 'Download',
    downloading: 'Preparing…',
    cancel: 'Cancel',
    close: 'Close',
    failure: 'The report could not be downloaded. Try again.',
    success: 'Report downloaded.',
  },
};
