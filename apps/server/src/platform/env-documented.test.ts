import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from './paths';

const repository = path.join(serverRoot, '..', '..');
const read = (file: string) => readFileSync(path.join(repository, file), 'utf8');

/** The keys of env.ts's schema, read from its source (the schema object is the file's own). */
function schemaVariables(): string[] {
  const source = read('apps/server/src/platform/env.ts');
  const body = source.slice(source.indexOf('const envSchema = z.object({'));
  const end = body.indexOf('\n});');
  return [...body.slice(0, end).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
}

describe('Every setting is documented', () => {
  const variables = schemaVariables();

  it('reads the schema (a sanity check on the reading itself)', () => {
    expect(variables.length).toBeGreaterThan(40);
    expect(variables).toEqual(expect.arrayContaining(['DATABASE_URL', 'PORT', 'STORAGE_DRIVER']));
  });

  it('in docs/deploy.md, by name in its tables', () => {
    const guide = read('docs/deploy.md');
    const missing = variables.filter((name) => !guide.includes(`\`${name}\``));
    expect(missing, 'variables absent from docs/deploy.md').toEqual([]);
  });

  it('in .env.example', () => {
    const example = read('.env.example');
    const missing = variables.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example));
    expect(missing, 'variables absent from .env.example').toEqual([]);
  });
});
