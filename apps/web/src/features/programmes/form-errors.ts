/**
 * Field messages of the level form, keyed by the path the server uses in its `issues`
 * (`name`, `schedule.1.amount`): what `checkLevel` finds and what the schedule editor shows.
 */
export type FieldErrors = Readonly<Record<string, string>>;

/** A schema issue (`path` as an array) or a server issue (`path` as a dotted string). */
interface AnyIssue {
  path: string | readonly PropertyKey[];
  message: string;
}

function dotted(path: AnyIssue['path']): string {
  return typeof path === 'string' ? path : path.map(String).join('.');
}

/** The first message of each path. */
export function errorsOf(issues: readonly AnyIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = dotted(issue.path);
    errors[path] ??= issue.message;
  }
  return errors;
}
