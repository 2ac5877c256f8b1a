import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for i18next's default instance, not initialised yet. */
function fakeI18next() {
  const listeners = new Map<string, () => void>();
  const instance = {
    isInitialized: false,
    isInitializing: false,
    added: [] as unknown[],
    addResourceBundle: undefined as undefined | ((...args: unknown[]) => void),
    on: (event: string, listener: () => void) => listeners.set(event, listener),
    off: (event: string) => listeners.delete(event),
    init() {
      instance.addResourceBundle = (...args) => instance.added.push(args);
      instance.isInitialized = true;
      listeners.get('initialized')?.();
    },
  };
  return instance;
}

afterEach(() => {
  vi.doUnmock('i18next');
  vi.resetModules();
});

describe('addFrenchStrings', () => {
  it('waits for i18next to be initialised when a chunk loads before the app bundle', async () => {
    const fake = fakeI18next();
    vi.doMock('i18next', () => ({ default: fake }));
    const { addFrenchStrings } = await import('./add-strings');
    const bundle = { ui: { retry: 'Réessayer' } } as never;

    addFrenchStrings(bundle);
    expect(fake.added).toEqual([]);
    fake.init();
    expect(fake.added).toEqual([['fr', 'translation', bundle, true, false]]);

    addFrenchStrings(bundle); // already initialised: at once
    expect(fake.added).toHaveLength(2);
  });
});
