import type { Translation } from '../fr';

type Audit = Pick<Translation, 'audit'>;

export const audit: Audit = {
  audit: {
    title: 'Audit log',
    lead: 'Every action taken in the school workspace is recorded here, in a chain that nobody can alter unnoticed.',
    period: {
      label: 'Period',
      last7: 'Last 7 days',
      last30: 'Last 30 days',
      year: 'This year',
      all: 'All time',
    },
    counters: {
      label: 'Summary of the period',
      actions: 'Actions',
      activeMembers: 'Active members',
      exports: 'Exports',
      payments: 'Payments',
    },
    filters: {
      category: 'Category',
      all: 'All',
      search: 'Search the log',
      searchPlaceholder: 'User, action, resource…',
      reset: 'Reset',
    },
    categories: {
      invoice: 'Invoices',
      payment: 'Payments',
      export: 'Exports',
      user: 'Users',
      refund: 'Refunds',
      settings: 'Settings',
      student: 'Students',
      public: 'Public website',
      system: 'System',
    },
    table: {
      caption: 'Audit log entries',
      date: 'Date',
      user: 'User',
      action: 'Action',
      resource: 'Resource',
      category: 'Category',
      details: 'Details',
      ip: 'IP',
      none: '—',
      more: 'Show all',
      userAgent: 'Browser',
      entry: 'Entry no. {{id}}',
      loading: 'Loading the log…',
      loadError: 'The log could not be loaded.',
    },
    empty: {
      title: 'No actions found',
      hint: 'Try changing your filters or your search',
    },
    export: {
      button: 'Export CSV',
      pending: 'Exporting…',
      success: 'Export downloaded.',
      failure: 'The export failed. Please try again.',
    },
    chain: {
      checking: 'Checking the integrity chain…',
      valid_one: 'Integrity chain verified ({{entries}} entry)',
      valid_other: 'Integrity chain verified ({{entries}} entries)',
      broken: 'Chain broken at entry #{{id}}',
      brokenHint:
        'An entry of the log was changed or deleted outside the application. Tell Écolage support.',
      unknown: 'The integrity chain could not be checked.',
    },
    actions: {
      organization: {
        created: 'School created',
        details_updated: 'Organisation details changed',
        bank_details_updated: 'Bank details changed',
        appearance_updated: 'Appearance changed (colour, theme)',
        logo_changed: 'Logo changed',
        logo_removed: 'Logo removed',
        plan_changed: 'Plan changed',
      },
      settings: { notifications_updated: 'School notices changed' },
      kyc: {
        document_submitted: 'KYC document sent',
        document_validated: 'KYC document validated',
        document_refused: 'KYC document refused',
      },
      school_pages: { updated: 'Public pages changed' },
      account: {
        registered: 'Account created at sign-up',
        registration_attempted: 'Sign-up attempted with the e-mail of an existing account',
        deleted: 'Account deleted',
      },
      member: {
        added: 'Member added',
        invited: 'Member invited',
        joined: 'Invitation accepted',
        role_changed: 'Member role changed',
        deactivated: 'Member deactivated',
        reactivated: 'Member reactivated',
      },
      role: { created: 'Role created', updated: 'Role updated', deleted: 'Role deleted' },
      auth: {
        logged_in: 'Login',
        logged_out: 'Logout',
        refresh_token_reused: 'Session revoked: token reused',
        password_reset: 'Password reset',
      },
      audit: { exported: 'Audit log exported' },
      profile: {
        renamed: 'Name changed',
        avatar_changed: 'Profile picture changed',
        avatar_removed: 'Profile picture removed',
        email_changed: 'Sign-in e-mail changed',
        password_changed: 'Password changed',
        notifications_updated: 'Notification settings changed',
      },
      newsletter: { subscribed: 'Newsletter subscription' },
      contact: {
        message_received: 'Contact message received',
        message_handled: 'Contact message handled',
      },
      platform: {
        operator_granted: 'Platform operator role given',
        operator_revoked: 'Platform operator role taken away',
      },
      operator: {
        kyc_document_viewed: 'KYC document viewed by the operator',
        contact_messages_exported: 'Website messages exported',
        newsletter_subscribers_exported: 'Newsletter subscribers exported',
      },
      provider_fee: { rate_added: 'Payment provider fee rate added' },
      academic_year: {
        created: 'School year created',
        updated: 'School year changed',
      },
      programme: {
        created: 'Programme created',
        renamed: 'Programme renamed',
        archived: 'Programme archived',
        restored: 'Programme restored',
        deleted: 'Programme deleted',
      },
      level: {
        created: 'Level added',
        updated: 'Level and fees changed',
        archived: 'Level archived',
        deleted: 'Level deleted',
      },
      student: {
        created: 'Student added',
        updated: 'Student changed',
        archived: 'Student archived',
        deleted: 'Student deleted',
        enrolled: 'Student enrolled, invoices issued',
        withdrawn: 'Student withdrawn, future invoices voided',
      },
      guardian: {
        linked: 'Guardian linked to a student',
        updated: 'Guardian changed',
        link_updated: 'Link with a guardian changed',
        unlinked: 'Guardian removed from a student',
      },
      invoice: {
        issued: 'Invoice issued',
        drafted: 'Draft invoice created',
        voided: 'Invoice voided',
        late_fees_applied: 'Late fees applied',
        late_fee_waived: 'Late fee waived',
      },
      scholarship: {
        recommended: 'Scholarship recommended',
        granted: 'Scholarship granted',
        refused: 'Scholarship refused',
      },
      billing: {
        settings_updated: 'Billing rules changed',
      },
      students: {
        imported: 'Students imported',
        exported: 'Students exported',
      },
      invoices: {
        exported: 'Invoices exported',
      },
      balances: {
        exported: 'Balances exported',
      },
      payment: {
        requested: 'Payment requested from the guardian',
        succeeded: 'Payment received',
        failed: 'Payment failed',
        cancelled: 'Payment cancelled',
        expired: 'Payment expired',
        late_success: 'Payment received after expiry (to check)',
        review_resolved: 'Payment notification checked',
        recorded_at_desk: 'Payment taken at the cash desk',
        refund_requested: 'Refund requested',
        refunded: 'Payment refunded',
        refund_failed: 'Refund failed',
      },
      payments: {
        exported: 'Payments exported',
      },
      receipt: {
        issued: 'Receipt issued',
      },
      receipts: {
        exported: 'Receipts exported (archive)',
      },
      cash_session: {
        opened: 'Cash desk opened',
        closed: 'Cash desk closed',
      },
      payer: {
        code_sent: 'Payment code sent by SMS (pay page)',
        code_confirmed: 'Payment code confirmed, link opened',
      },
      payment_link: {
        created: 'Payment link created',
        sent: 'Payment link sent to the guardian',
      },
      payment_qr_sheet: {
        printed: 'Payment QR code sheet printed',
      },
      admission: {
        submitted: 'Pre-registration received (online form)',
        accepted: 'Pre-registration accepted, invoices issued',
        refused: 'Pre-registration refused',
      },
      family_credit: {
        applied: 'Family credit applied to an invoice',
      },
      message: {
        opted_out: 'A recipient unsubscribed (school messages link)',
        opt_out_cancelled: 'Unsubscribe cancelled: the recipient gets these messages again',
      },
    },
  },
};
