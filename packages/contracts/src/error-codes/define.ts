/** A code that takes no parameters. */
export type NoParams = Record<string, never>;

/** The parameters a code's message is built from: numbers (francs, counts) and short texts. */
export type ErrorParamsShape = Record<string, string | number>;

/**
 * One domain error: the HTTP status it is answered with and its French sentence, built from its
 * parameters (the sentence a person reads in `message`; the web shows its own text by the code).
 */
export interface ErrorDefinition<P extends object = NoParams> {
  readonly status: number;
  readonly message: (params: P) => string;
}

/** `defineError<{ minimum: number }>(422, ({ minimum }) => …)`, or a fixed sentence. */
export function defineError<P extends object = NoParams>(
  status: number,
  message: string | ((params: P) => string),
): ErrorDefinition<P> {
  return { status, message: typeof message === 'string' ? () => message : message };
}
