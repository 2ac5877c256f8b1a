/** A text field of a submitted form, `''` when absent. */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/** True when any of the values is empty after trimming. */
export function hasBlank(values: readonly string[]): boolean {
  return values.some((value) => value.trim() === '');
}
