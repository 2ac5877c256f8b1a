import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Programs read an error's `code`, people read its `message`: no source decides anything by
 * comparing a sentence (the English UI would then show French, and a reworded sentence would
 * silently change behaviour). Tests may compare sentences: they check what a person reads.
 */
const repository = join(import.meta.dirname, '../../..');
const roots = ['apps/server/src', 'apps/web/src', 'apps/psp-sandbox/src'];

const forbidden: { rule: string; pattern: RegExp }[] = [
  {
    rule: 'a sentence constant compared',
    pattern: /\b[A-Z]\w*Messages\.\w+\s*[!=]==|[!=]==\s*[A-Z]\w*Messages\.\w+/,
  },
  {
    rule: 'the server’s sentence compared',
    pattern: /serverMessage\s*[!=]==|[!=]==\s*[\w.?]*serverMessage\b/,
  },
  {
    rule: 'a message compared with a sentence',
    pattern: /(?<!typeof\s+[\w.?]*)\bmessage\s*[!=]==\s*(['"`](?!string['"`])[^'"`]|[A-Z])/,
  },
  {
    rule: 'a message searched for words',
    pattern: /\b(message|serverMessage)\??\.(includes|startsWith|endsWith|match|search)\(/,
  },
];

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every `file:line rule` where a source compares an error's sentence. */
function sentenceComparisons(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        forbidden
          .filter(({ pattern }) => pattern.test(line))
          .map(({ rule }) => `${relative(repository, file)}:${index + 1} ${rule}`),
      ),
  );
}

describe('error handling by code, never by sentence', () => {
  it('no server or web source compares an error message', () => {
    const files = roots.flatMap((root) => sources(join(repository, root)));
    expect(files.length).toBeGreaterThan(100);
    expect(sentenceComparisons(files)).toEqual([]);
  });

  it('the check finds the comparisons it forbids', () => {
    const samples = [
      'if (error.message === PaymentMessages.invoiceNotPayable) {',
      'if (error.status === 409 && error.serverMessage === AccessMessages.roleNameTaken) {',
      "if (error.message === 'Responsable introuvable.') return;",
      "if (caught.message.includes('introuvable')) return;",
    ];
    const allowed = [
      "if (typeof body.message !== 'string' || body.message.trim() === '') {",
      "if (error.code === 'ROLE_NAME_TAKEN') {",
    ];
    for (const sample of samples) {
      expect(
        forbidden.some(({ pattern }) => pattern.test(sample)),
        sample,
      ).toBe(true);
    }
    for (const sample of allowed) {
      expect(
        forbidden.some(({ pattern }) => pattern.test(sample)),
        sample,
      ).toBe(false);
    }
  });
});
