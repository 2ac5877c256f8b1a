import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { resetSessionStore } from '../features/auth/session-store';
import { i18n } from '../i18n';

// A screen's first render loads its lazy chunk; on a loaded 2-core CI machine that can take more
// than the default second. Waiting longer only costs time when a test is failing anyway.
configure({ asyncUtilTimeout: 4_000 });

// Browser APIs that jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
// Blob.text(), which browsers have and jsdom's Blob lacks. On Node 24 a fetch Response builds its
// blob() with the global Blob, here jsdom's (on Node 20 it was Node's own, which has text()).
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
      reader.readAsText(this);
    });
  };
}

afterEach(async () => {
  cleanup();
  toast.remove(); // the toast store outlives the components
  window.localStorage.clear();
  resetSessionStore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('fr');
});
