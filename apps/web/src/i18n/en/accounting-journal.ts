import type { Translation } from '../fr';

/** « Journal » of the accounting screen and its accounting settings tab. */
export const accountingJournal: Pick<Translation, 'accountingJournal'> = {
  accountingJournal: {
    title: 'Export the accounting journal',
    description:
      'The period’s entries, numbered per journal, matched and with the school’s accounts.',
    from: 'From',
    to: 'To',
    periodInverted: 'The start date must come before the end date.',
    format: 'Format',
    formats: {
      fec: {
        name: 'FEC',
        line: 'For the accountant and software that reads the FEC: 18 columns separated by “|”.',
      },
      sage: {
        name: 'Sage 100',
        line: 'To import the entries into Sage 100 Accounting (configurable import, DDMMYY dates).',
      },
      csv: {
        name: 'CSV',
        line: 'For a spreadsheet or other software (Tompro, Perfecto…): columns separated by “;”.',
      },
      xlsx: { name: 'Excel', line: 'To read the entries in Excel or LibreOffice.' },
    },
    download: 'Download',
    downloading: 'Preparing the file…',
    cancel: 'Cancel',
    close: 'Close',
    failure: 'The journal could not be exported. Try again.',
    done: 'Journal from {{from}} to {{to}} downloaded.',
    closeOffer: 'Close the period up to {{day}}',
    closeHint:
      'Once the period is closed, no entry can be dated in it: late operations move to the first open day.',
    closeNotYet: 'The current period cannot be closed yet: only past days can.',
    closeConfirmTitle: 'Close the period?',
    closeConfirm:
      'Entries dated up to and including {{day}} will be frozen for good. This closure cannot be undone.',
    closeConfirmAction: 'Close up to {{day}}',
    closing: 'Closing…',
    closed: 'Period closed up to {{day}}.',
    closeFailure: 'The period could not be closed. Try again.',
    settings: {
      chartTitle: 'Base chart of accounts',
      chartHint:
        'Revised SYSCOHADA for companies; SYSCEBNL for associations and faith-based schools.',
      charts: {
        syscohada: 'Revised SYSCOHADA (companies)',
        syscebnl: 'SYSCEBNL (associations, faith-based schools)',
      },
      mappingTitle: 'The school’s accounts',
      mappingHint:
        'The account and label the exports write for each Écolage account: an account of the chart or a sub-account (4 to 8 digits).',
      internal: 'Écolage account',
      account: 'School account',
      label: 'Label',
      accountOf: 'School account for {{name}}',
      labelOf: 'Label for {{name}}',
      byDefault: 'default',
      save: 'Save the chart of accounts',
      saving: 'Saving…',
      saved: 'Chart of accounts saved.',
      saveFailure: 'The chart of accounts could not be saved.',
      readOnly: 'Only members who manage accounting can change these accounts.',
      periodsTitle: 'Closed periods',
      closedThrough: 'Entries closed up to {{day}}.',
      nothingClosed: 'No period closed yet.',
      closedOn: 'Closed up to {{day}} by {{name}}, on {{at}}',
      loading: 'Loading…',
      loadFailure: 'The accounting settings could not be loaded.',
    },
  },
};
