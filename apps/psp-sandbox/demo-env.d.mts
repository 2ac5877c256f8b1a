/** The provider settings that point Écolage's adapters at the sandbox running at `origin`. */
export function sandboxProviderEnv(origin: string, smtpPort?: number): Record<string, string>;
