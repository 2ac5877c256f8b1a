import { AutomationMessages, TemplateMessages } from '../automations';
import { defineError } from './define';

/** « Automatisations »: a school's workflows (reminders, messages after a payment, summaries). */
export const automationErrors = {
  /** 404 — a workflow id that is not one of the school's (or archived). */
  AUTOMATION_NOT_FOUND: defineError(404, AutomationMessages.notFound),
  /** 409 — another live workflow of the school has this name (case-insensitive). */
  AUTOMATION_NAME_TAKEN: defineError(409, AutomationMessages.nameTaken),
  /** 400 — a condition on a programme the school does not have. */
  AUTOMATION_PROGRAMME_NOT_FOUND: defineError(400, AutomationMessages.programmeNotFound),
  /** 400 — a condition on a level the school does not have. */
  AUTOMATION_LEVEL_NOT_FOUND: defineError(400, AutomationMessages.levelNotFound),
  /** 400 — a condition on a level of another programme than the one chosen. */
  AUTOMATION_LEVEL_NOT_IN_PROGRAMME: defineError(400, AutomationMessages.levelNotInProgramme),
  /** 400 — a staff notification to a role the school does not have. */
  AUTOMATION_ROLE_NOT_FOUND: defineError(400, AutomationMessages.roleNotFound),
  /** 404 — a preview for a student who is not the school's. */
  AUTOMATION_STUDENT_NOT_FOUND: defineError(404, AutomationMessages.studentNotFound),
  /**
   * 400 — a template naming placeholders its trigger does not fill (`unknown`, `allowed`: the
   * placeholders between braces, comma-separated).
   */
  AUTOMATION_TEMPLATE_UNKNOWN_PLACEHOLDER: defineError<{ unknown?: string; allowed?: string }>(
    400,
    ({ unknown, allowed }) =>
      TemplateMessages.unknown(placeholderNames(unknown), placeholderNames(allowed)),
  ),
  /** 400 — an empty template. */
  AUTOMATION_TEMPLATE_EMPTY: defineError(400, TemplateMessages.empty),
};

/** `{eleve}, {montant}` → `eleve`, `montant` (none when the list is missing). */
function placeholderNames(list: string | undefined): string[] {
  return (list ?? '')
    .split(', ')
    .filter(Boolean)
    .map((name) => name.replace(/[{}]/g, ''));
}
