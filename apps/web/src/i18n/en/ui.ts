import type { Translation } from '../fr';

type Ui = Pick<Translation, 'ui'>;

export const ui: Ui = {
  ui: {
    pager: {
      label: 'Pagination',
      first: 'First page',
      previous: 'Previous page',
      next: 'Next page',
      last: 'Last page',
      page: 'Page {{page}}',
      pageOf: 'Page {{page}} of {{pages}}',
      range: '{{first}}–{{last}} of {{total}}',
      pageSize: 'Rows per page',
    },
    cancel: 'Cancel',
    retry: 'Try again',
    genericError: 'Something went wrong. Please try again.',
    forbidden:
      'Your role does not allow you to see this information. Ask an administrator of your school for access.',
  },
};
