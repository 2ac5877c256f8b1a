import type { Translation } from '../fr';

type Admin = Pick<Translation, 'admin'>;

export const admin: Admin = {
  admin: {
    skipLink: 'Skip to content',
    nav: {
      label: 'School workspace navigation',
      open: 'Open the navigation',
      close: 'Close the navigation',
      home: 'Dashboard, home',
      settings: 'Settings',
    },
    sections: {
      dashboard: 'Dashboard',
      students: 'Students',
      student: 'Student record',
      admissions: 'Registration requests',
      payments: 'Payments',
      cashDesk: 'Cash desk',
      statistics: 'Statistics',
      marketing: 'Marketing',
      automations: 'Automations',
      settings: 'Settings',
      general: 'General',
      members: 'Users',
      accounting: 'Accounting',
      programmes: 'Programmes',
      audit: 'Audit log',
      appearance: 'Appearance',
      details: 'Organisation details',
      notifications: 'Notifications',
      plan: 'Plan',
      pages: 'Pages',
      profile: 'My profile',
    },
    notifications: {
      button: 'Notifications',
      title: 'Notifications',
      empty: 'No notifications',
    },
    account: {
      button: 'Account menu',
      role: '{{role}} · {{school}}',
      profile: 'My profile',
      operatorConsole: 'Operator console',
      schools: 'My schools',
      current: 'Current school',
      switching: 'Switching school…',
      switched: 'You are now in {{school}}.',
      switchFailed: 'The school could not be switched. Please try again.',
      logout: 'Log out',
    },
    theme: {
      title: 'Theme',
      light: 'Light',
      dark: 'Dark',
      school: "The school's ({{theme}})",
      failed: 'Your theme could not be saved. Please try again.',
    },
    home: {
      greeting: 'Hello, {{name}}',
      school: 'Welcome to the workspace of {{school}}.',
      role: 'You are logged in as {{role}}.',
    },
    states: {
      unavailable: 'This page is not available yet.',
      forbiddenTitle: 'Access denied',
      forbidden:
        'Your role ({{role}}) does not allow you to open the “{{page}}” page. Ask an administrator of your school for access.',
      notFoundTitle: 'Page not found',
      notFound: 'This page does not exist in your workspace. Check the address.',
      backHome: 'Back to the dashboard',
    },
  },
};
