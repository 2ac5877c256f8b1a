import type { Translation } from '../fr';

/** English texts of the domain error codes (see ../fr/errors.ts). */
export const errors: Pick<Translation, 'errors'> = {
  errors: {
    UNAUTHENTICATED: 'Please sign in.',
    FORBIDDEN: 'You do not have permission to do this.',
    RATE_LIMITED: 'Too many requests. Please wait a moment before trying again.',
    INTERNAL_ERROR:
      'An internal error occurred. Please try again; if the problem persists, contact support.',
    PHONE_INVALID: 'This phone number is not valid (for example 90 12 34 56 or +228 90 12 34 56).',
    UNSTORABLE_ADDRESS:
      'The requested address contains an invalid character (a null character or an incomplete Unicode character).',
    UNSTORABLE_TEXT:
      'The field “{{field}}” contains an invalid character (a null character or an incomplete Unicode character).',
    SESSION_EXPIRED: 'Your session has expired. Please sign in again.',
    INVALID_CREDENTIALS: 'Incorrect e-mail or password.',
    LOGIN_LOCKED: 'Too many sign-in attempts. Try again in a few minutes.',
    EMAIL_TAKEN: 'An account already exists with this e-mail address.',
    SESSION_SCHOOL_NOT_FOUND: 'No school matches this request.',
    WRONG_PASSWORD: 'Incorrect password.',
    LAST_SUPER_ADMIN_ACCOUNT:
      'Your account cannot be deleted: you are the last Super administrator of a school. Appoint someone else first.',
    SAME_NAME: 'That is already your name.',
    SAME_EMAIL: 'That is already your e-mail address.',
    AVATAR_NOT_AN_IMAGE: 'The profile photo must be an image (PNG, JPEG or WebP).',
    AVATAR_TOO_LARGE: 'The profile photo must not exceed 1 MB.',
    PASSWORD_RESET_LINK_INVALID:
      'This reset link is invalid, already used or expired. Ask for a new one.',
    INVITATION_LINK_INVALID:
      'This invitation link is invalid, already used or expired. Ask for a new invitation.',
    INVITATION_WRONG_PASSWORD: 'Incorrect password for this existing account.',
    ROLE_NAME_TAKEN: 'A role already has this name in your school.',
    ROLE_NOT_FOUND: 'Role not found.',
    MEMBER_NOT_FOUND: 'Member not found.',
    ROLE_IN_USE: 'This role is held by members: give them another role before deleting it.',
    SYSTEM_ROLE: 'The school’s base roles cannot be deleted.',
    SUPER_ADMIN_PERMISSIONS: 'The Super administrator role keeps every permission.',
    LAST_SUPER_ADMIN:
      'Not possible: this member is the school’s last Super administrator. Appoint another Super administrator first.',
    SELF_DEACTIVATION: 'You cannot deactivate your own account.',
    OWN_ROLE: 'You cannot change your own role: ask another administrator.',
    ROLE_BEYOND_YOURS: 'You can only give a role whose permissions you all hold yourself.',
    MEMBER_BEYOND_YOURS:
      'This member has permissions you do not have: you cannot change their access.',
    PERMISSIONS_BEYOND_YOURS: 'You can only grant a role permissions you hold yourself.',
    ALREADY_MEMBER: 'This person is already a member of the school.',
    PROGRAMME_NOT_FOUND: 'Programme not found.',
    LEVEL_NOT_FOUND: 'Level not found.',
    YEAR_NOT_FOUND: 'School year not found.',
    PROGRAMME_NAME_TAKEN: 'A programme already has this name.',
    LEVEL_NAME_TAKEN: 'This programme already has a level with this name.',
    YEAR_LABEL_TAKEN: 'This school year already exists.',
    YEAR_DATES: 'The end of the year must come after its start.',
    NO_CURRENT_YEAR:
      'No current school year: create one in “Programmes and courses” before enrolling.',
    PROGRAMME_ARCHIVED: 'This programme is archived.',
    LEVEL_ARCHIVED: 'This level is archived: choose an active level.',
    ADMISSION_NOT_FOUND: 'Application not found.',
    ADMISSION_ALREADY_DECIDED: 'This application has already been handled.',
    ADMISSION_NO_CURRENT_YEAR: 'The school has no current school year: create it before accepting.',
    STUDENT_NOT_FOUND: 'Student not found.',
    GUARDIAN_NOT_FOUND: 'Guardian not found.',
    ENROLMENT_NOT_FOUND: 'Enrolment not found.',
    MATRICULE_TAKEN: 'This student ID is already given to another student.',
    GUARDIAN_PHONE_TAKEN: 'Another guardian already has this phone number.',
    GUARDIAN_ALREADY_LINKED: 'This guardian is already linked to this student.',
    STUDENT_ARCHIVED: 'This student is archived.',
    ENROLMENT_ALREADY_WITHDRAWN: 'This enrolment is already withdrawn.',
    OTHER_LEVEL_THIS_YEAR:
      'This student is already enrolled in another level this year. Withdraw that enrolment first.',
    BIRTH_DATE_IN_FUTURE: 'The date of birth cannot be in the future.',
    LEVEL_OF_OTHER_PROGRAMME: 'This level does not belong to the chosen programme.',
    IMPORT_NOT_FOUND: 'Import not found.',
    IMPORT_NO_FILE: 'Attach a CSV or Excel (.xlsx) file.',
    IMPORT_TOO_LARGE: 'The file is over 10 MB. Split it into several files.',
    IMPORT_TOO_LARGE_UNCOMPRESSED:
      'This file is too large once decompressed. Split it into several files.',
    IMPORT_UNSUPPORTED: 'Unrecognised format: send a CSV or Excel (.xlsx) file.',
    IMPORT_EMPTY: 'The file contains no student row.',
    IMPORT_TOO_MANY_ROWS: 'The file is over 50,000 rows. Split it into several files.',
    IMPORT_MISSING_COLUMN: 'Column “{{column}}” is missing from the first row.',
    IMPORT_MIXED_SEPARATORS:
      'Mixed separators: some rows use “;” and others “,”. Use a single separator.',
    IMPORT_UNREADABLE_XLSX: 'This Excel file is unreadable or protected.',
    IMPORT_UNREADABLE_CSV: 'Unreadable CSV file: a quotation mark is probably not closed.',
    IMPORT_NOT_PREVIEWED: 'This import has already been run.',
    IMPORT_NOTHING_TO_IMPORT: 'No valid row to import.',
    IMPORT_ALL_OR_NOTHING_BLOCKED:
      'Some rows have errors: correct the file, or choose to skip the rows with errors.',
    IMPORT_ROW_STUDENT_ARCHIVED: 'Row {{line}}: this student is archived.',
    IMPORT_ROW_OTHER_LEVEL:
      'Row {{line}}: this student is already enrolled in another level this year. Withdraw that enrolment first.',
    INVOICE_NOT_FOUND: 'Invoice not found.',
    INVOICE_LINE_NOT_FOUND: 'Invoice line not found.',
    INVOICE_ALREADY_PAID:
      'One of the chosen invoices has been paid (or cancelled) in the meantime: the list has been updated.',
    INVOICE_ALREADY_VOID: 'This invoice is already cancelled.',
    INVOICE_HAS_PAYMENTS: 'This invoice has received payments: refund them before cancelling it.',
    INVOICE_NOT_DRAFT: 'Only a draft invoice can be edited or issued.',
    NOT_A_LATE_FEE: 'Only a late fee can be cancelled this way.',
    LATE_FEE_ALREADY_WAIVED: 'This late fee is already cancelled.',
    SCHOLARSHIP_NOT_FOUND: 'Scholarship not found.',
    SCHOLARSHIP_ALREADY_DECIDED: 'This scholarship has already been decided.',
    COUPON_NOT_FOUND: 'Coupon not found.',
    COUPON_CODE_TAKEN: 'Another coupon of the school already has this code.',
    COUPON_IN_USE:
      'This coupon has already been used: only its description, dates and limits can change.',
    COUPON_ARCHIVED: 'This coupon is archived: it can no longer be changed.',
    COUPON_UNKNOWN: 'This promo code does not exist at this school.',
    COUPON_DISABLED: 'The school has disabled this coupon.',
    COUPON_NOT_YET_VALID: 'This coupon is not valid yet.',
    COUPON_EXPIRED: 'This coupon has expired.',
    COUPON_EXHAUSTED: 'This coupon has reached its maximum number of uses.',
    COUPON_FAMILY_LIMIT: 'Your family has already used this coupon as many times as allowed.',
    COUPON_NOT_APPLICABLE: 'This coupon does not apply to any of the chosen invoices.',
    COUPON_OVER_INVOICE:
      'This coupon’s discount ({{amount, money}}) exceeds what is left to pay on the invoice ({{balance, money}}).',
    COUPON_ALREADY_ON_INVOICE: 'This coupon is already applied to this invoice.',
    SCHOLARSHIP_SELF_DECISION:
      'You recommended this scholarship: another member (Director or Super administration) must grant or refuse it.',
    PAYMENT_NOT_FOUND: 'Payment not found.',
    INVOICE_NOT_PAYABLE:
      'One of the chosen invoices is not payable (paid, cancelled or another guardian’s).',
    NOTHING_TO_PAY: 'There is nothing to pay: choose invoices or an amount.',
    AMOUNT_ABOVE_BALANCE:
      'The amount is more than what is left to pay on the chosen invoices ({{balance, money}}).',
    AMOUNT_BELOW_MINIMUM:
      'The amount is below the minimum the school accepts ({{minimum, money}}).',
    AMOUNT_NOT_WHOLE_FRANCS: 'Write the amount in figures, without cents (for example 50,000).',
    PARTIAL_NOT_ALLOWED: 'The school does not accept partial payments online: pay whole invoices.',
    WALLET_UNAVAILABLE: 'The school does not offer this payment method.',
    PAYMENT_ALREADY_ACTIVE:
      'A payment is already under way for these invoices and this guardian: wait for its result.',
    IDEMPOTENCY_KEY_INVALID: 'The idempotency key must be 8 to 100 plain characters.',
    IDEMPOTENCY_KEY_REUSED: 'This idempotency key was already used for another payment request.',
    PAYMENT_NOT_PENDING: 'This payment is no longer pending: it can no longer be cancelled.',
    CANCEL_REFUSED_BY_PROVIDER:
      'The provider could not cancel the request: try again in a moment or wait for its outcome.',
    PAYMENT_EVENT_NOT_FOUND: 'Notification not found.',
    PAYMENT_EVENT_ALREADY_REVIEWED: 'This notification has already been reviewed.',
    REFUND_ABOVE_REFUNDABLE:
      'The refund is more than what can still be refunded on this payment ({{refundable, money}}).',
    REFUND_NOT_REFUNDABLE: 'Only a successful (or partly refunded) payment can be refunded.',
    REFUND_ALREADY_PENDING: 'A refund of this payment is already under way.',
    REFUND_PROVIDER_FULL_ONLY:
      'This provider only refunds the whole payment ({{amount, money}}): refund all of it, or record a manual refund.',
    REFUND_PROVIDER_UNAVAILABLE: 'The provider cannot refund this payment: record a manual refund.',
    CASH_SESSION_NOT_FOUND: 'Cash session not found.',
    CASH_SESSION_ALREADY_OPEN: 'You already have an open till: close it before opening another.',
    CASH_SESSION_CLOSED: 'This cash session is closed: no more payments can be taken in it.',
    CASH_SESSION_ALREADY_CLOSED: 'This cash session is already closed.',
    NOT_YOUR_CASH_SESSION: 'Only this session’s cashier can take payments in it.',
    ONLY_CASHIER_CLOSES: 'Only this session’s cashier can close it.',
    CASH_DIFFERENCE_NEEDS_COMMENT:
      'Explain the difference between the expected and the counted amount.',
    GUARDIAN_NOT_LINKED:
      'This guardian is not linked to this student: choose one of their guardians.',
    STUDENT_HAS_NO_PAYER: 'This student has no guardian: add one before taking a payment.',
    INVOICE_OF_ANOTHER_STUDENT: 'One of the chosen invoices is not this student’s.',
    NOTHING_DUE: 'This student has no invoice to pay.',
    INCOMING_CREDIT_NOT_FOUND: 'This unassigned payment was not found.',
    INCOMING_CREDIT_ALREADY_ASSIGNED:
      'This payment has already been assigned: it cannot be assigned a second time.',
    INCOMING_CREDIT_RETURNED:
      'This payment was returned to its sender: it can no longer be assigned.',
    INCOMING_CREDIT_NOT_RETURNABLE: 'Only a payment waiting to be assigned can be returned.',
    INCOMING_CREDIT_INVALID:
      'This incoming payment is incomplete or invalid: whole francs, a transaction id.',
    MERCHANT_CODE_TAKEN: 'This merchant code already belongs to a school at this provider.',
    INVOICE_AWAITS_PAYMENT:
      'A mobile money payment is pending for this invoice: wait for its outcome or cancel the request before taking payment.',
    SCHOOL_NOT_FOUND: 'School not found.',
    SCHOOL_ADDRESS_NOT_FOUND: 'No school matches this address.',
    SCHOOL_SLUG_BUSY:
      'Several schools with this name are being created right now: try again in a moment.',
    NO_MAIN_PAYER: 'This student has no paying guardian: add one.',
    NOBODY_ENROLLED: 'No student is enrolled in this level for the current school year.',
    INVOICE_NOT_IN_LINK:
      'One of the chosen invoices cannot be paid with this link. Reload the page and choose among the invoices shown.',
    WALLET_NOT_OFFERED: 'The school does not offer this payment method: choose another one.',
    PAYER_FORM_EXPIRED: 'This form is no longer valid: check your choices and press Pay again.',
    RECEIPT_NOT_FOUND: 'Receipt not found.',
    RECEIPT_VERIFICATION_NOT_FOUND:
      'Receipt not found: this code matches no receipt issued by a school on Écolage.',
    RECEIPT_ARCHIVE_TOO_LARGE:
      'Too many receipts in this period (5,000 at most): choose a shorter period.',
    RECEIPT_ARCHIVE_EMPTY: 'No receipt in this period.',
    OPERATOR_ONLY: 'This page is for the Écolage team (platform operator) only.',
    OPERATOR_NO_SCHOOL:
      'This account belongs to no school: open the operator console or sign in with a school account.',
    OPERATOR_SCHOOL_NOT_FOUND: 'School not found.',
    OPERATOR_KYC_DOCUMENT_NOT_FOUND: 'Document not found for this school.',
    CONTACT_MESSAGE_NOT_FOUND: 'Message not found.',
    FEE_RATE_IN_PAST: 'A new rate applies from today or a later date.',
    FEE_WALLET_MISMATCH: 'This payment method does not go through this provider.',
    FEE_RATE_EXISTS: 'A rate already exists for this provider, payment method and date.',
    BANK_RIB_INVALID:
      'A RIB has 24 characters: bank code (2 country letters and 3 digits), branch code (5 digits), account number (12 digits) and key (2 digits).',
    BANK_RIB_KEY_INVALID:
      'The RIB key does not match: check the bank code, branch code, account number and key.',
    BANK_IBAN_INVALID:
      'This IBAN is not valid: check its check digits and its length (28 characters in the WAEMU, e.g. TG53 TG00 9060 …).',
    BANK_BIC_INVALID:
      'A BIC (SWIFT code) has 8 or 11 characters: 4 letters for the bank, 2 for the country, 2 for the city, then 3 for the branch.',
    BANK_ACCOUNT_REQUIRED: 'Enter at least the account’s RIB or IBAN.',
    BANK_PASSWORD_INVALID: 'Wrong password: the bank details were not changed.',
    KYC_FILE_TYPE_INVALID: 'Send a PDF, JPEG or PNG file (its content, not only its name).',
    KYC_FILE_TOO_LARGE:
      'This file is over {{maxMegabytes}} MB: make it smaller or scan it at a lower resolution.',
    KYC_FILE_REQUIRED: 'Choose the file to send.',
    KYC_DOCUMENT_NOT_FOUND: 'Document not found.',
    KYC_REFUSAL_REASON_REQUIRED: 'Give the reason for the refusal: the school will see it.',
    LOGO_NOT_AN_IMAGE: 'This file is not a readable PNG, JPEG or WebP image.',
    LOGO_TOO_LARGE: 'The logo must not be over {{maxMegabytes}} MB.',
    LOGO_REQUIRED: 'Choose an image for the logo.',
    LOGO_NOT_FOUND: 'This school has no logo.',
    APPEARANCE_COLOR_INVALID: 'Choose a colour in the #RRGGBB format (e.g. #484D9B).',
    PLAN_MEMBER_LIMIT_REACHED:
      'Your Découverte plan allows {{limit}} users: deactivate a member or move to the Croissance plan.',
    PLAN_MEMBER_LIMIT_EXCEEDED:
      'This plan allows {{limit}} users and your school has {{members}} (pending invitations included): deactivate members first.',
    SCHOOL_SLUG_TAKEN: 'Another school already has this address: choose another one.',
    SCHOOL_SLUG_RESERVED: 'This address is reserved by Écolage: choose another one.',
    WALLET_NOT_IN_DEPLOYMENT: 'This payment method is not available on Écolage for now.',
    ADMISSIONS_CLOSED:
      'This school’s online pre-registration is closed for now. Contact the school to enrol.',
    ADMISSION_PROGRAMME_NOT_OFFERED:
      'This programme is not open to online pre-registration: choose another one or contact the school.',
    MESSAGE_NOT_FOUND: 'Message not found.',
    MESSAGE_NOT_RETRYABLE: 'Only a failed or dead message can be sent again; this one is neither.',
    AUTOMATION_NOT_FOUND: 'Automation not found.',
    AUTOMATION_NAME_TAKEN: 'Another automation of the school has this name: choose another one.',
    AUTOMATION_PROGRAMME_NOT_FOUND: 'This programme does not exist in your school.',
    AUTOMATION_LEVEL_NOT_FOUND: 'This level does not exist in your school.',
    AUTOMATION_LEVEL_NOT_IN_PROGRAMME: 'This level does not belong to the chosen programme.',
    AUTOMATION_ROLE_NOT_FOUND: 'One of the chosen roles does not exist in your school.',
    AUTOMATION_STUDENT_NOT_FOUND: 'Student not found.',
    AUTOMATION_TEMPLATE_UNKNOWN_PLACEHOLDER:
      'Unknown placeholder: {{unknown}}. Placeholders this trigger offers: {{allowed}}.',
    AUTOMATION_TEMPLATE_EMPTY: 'The message is empty: write the text to send.',
    NOTIFICATION_NOT_FOUND: 'This notification cannot be found.',
    ACCOUNTING_REPORT_UNKNOWN:
      'Unknown report: choose the subsidiary ledger, the aged balance, the collections or the payouts.',
    ACCOUNTING_REPORT_PERIOD_INVERTED: 'The start date must come before the end date.',
    ACCOUNTING_REPORT_EMPTY:
      'Nothing to export for this period: the report would be empty. Choose another period.',
    ACCOUNTING_REPORT_TOO_LONG_FOR_PDF:
      'This report has more than {{maximum}} lines: too many for a PDF. Choose Excel or a shorter period.',
    LEDGER_PERIOD_CLOSED:
      'The accounting period is closed up to {{closedThrough}}: post the entry in the open period.',
    JOURNAL_EMPTY_PERIOD: 'No entries in this period: nothing to export.',
    JOURNAL_PERIOD_INVALID: 'Invalid period: the end date cannot be later than {{latest}}.',
    PERIOD_ALREADY_CLOSED:
      'The period is already closed up to {{closedThrough}}: choose a later date.',
    PERIOD_NOT_EXPORTED:
      'Export the journal of the whole period first (entries may have been posted since the last export).',
    PERIOD_CLOSE_TOO_LATE: 'Only past days can be closed: choose a date before today.',
    ACCOUNT_UNKNOWN:
      'Account {{account}} does not exist in the chosen chart (line {{line}}): enter an account of the chart or a sub-account.',
    PAYOUT_NOT_FOUND: 'Payout not found.',
    PAYOUT_STATUS_CONFLICT:
      'This payout’s status has changed: this action is no longer possible. Reload the page.',
    PAYOUT_NOTHING_TO_PAY: 'No payment is waiting to be paid out: nothing to transfer for now.',
    PAYOUT_BELOW_MINIMUM:
      'The pending net amount is below the payout minimum ({{minimum, money}}).',
    PAYOUT_BANK_DETAILS_MISSING:
      'First enter the school’s bank details (Settings › Organisation details).',
    PAYOUT_TRANSFER_ID_REQUIRED: 'Enter the transfer reference the bank gave.',
    PAYOUT_RAIL_UNAVAILABLE:
      'The transfer service did not answer: nothing was sent, try again in a moment.',
    PAYOUT_VALUE_DATE_INVALID: 'The value date cannot be before the payout was sent.',
    STATEMENT_NO_FILE: 'Choose the statement file and its provider.',
    STATEMENT_TOO_LARGE: 'The statement is larger than 20 MB.',
    STATEMENT_BINARY:
      'This file is not a text statement (CSV or JSON): compressed, Excel, PDF or binary files are refused.',
    STATEMENT_EMPTY: 'The statement has no transaction line.',
    STATEMENT_INVALID:
      'Statement refused: {{count}} format error(s), listed below. Nothing was saved.',
    STATEMENT_ALREADY_IMPORTED:
      'This statement was already imported: nothing was matched a second time.',
    RECONCILIATION_ITEM_NOT_FOUND: 'Reconciliation item not found.',
    RECONCILIATION_ITEM_RESOLVED: 'This item is already resolved.',
    RECONCILIATION_RESOLUTION_UNFIT: 'This resolution does not fit this kind of difference.',
    CAMPAIGN_NOT_FOUND: 'Campaign not found.',
    CAMPAIGN_LINK_NOT_FOUND: 'Campaign link not found.',
    CAMPAIGN_ARCHIVED: 'This campaign is archived: it can no longer be changed.',
    CAMPAIGN_NOT_SENDABLE: 'Only e-mail and SMS campaigns are sent from Écolage.',
    CAMPAIGN_NOT_ACTIVE: 'Only an active campaign can be sent.',
    CAMPAIGN_ALREADY_SENT: 'This campaign has already been sent.',
    CAMPAIGN_NO_RECIPIENTS: 'No reachable recipient for this campaign.',
    SCHOOL_SUBSCRIBER_NOT_FOUND: 'Subscriber not found.',
  },
};
