/**
 * What the OpenAPI-driven fuzz sends: a plausible value for each JSON schema (so that one field at
 * a time can be made bad while the others pass), and the bad values for each kind of field.
 */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  required?: string[];
  default?: unknown;
}

/** Text PostgreSQL cannot store (NUL, lone surrogates), and text far longer than any field. */
export const BAD_TEXT: readonly unknown[] = ['a\u0000b', 'x\ud800y', '\udfff', 'é'.repeat(20_000)];
/** Days and instants outside any school's life, and beyond what a JavaScript date holds. */
export const FAR_DATES: readonly unknown[] = [
  '9999-12-31',
  '0001-01-01',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.000Z',
];
export const BAD_NUMBERS: readonly unknown[] = [-1, -1e15, 1e308, 2 ** 53 + 2, 0.5];

/**
 * The same attacks in a URL: escapes of NUL and of a lone surrogate (not valid UTF-8), a long
 * segment, a negative number and a far-future day. Already percent-encoded.
 */
export const BAD_URL_VALUES: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  'a'.repeat(3_000),
  '-1',
  '-99999999999999999999',
  '9999-12-31',
  '9999-12-31T23%3A59%3A59Z',
];

function typeOf(schema: JsonSchema): string | undefined {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return typeOf(options.find((option) => typeOf(option) !== 'null') ?? {});
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

function isDate(schema: JsonSchema, name: string): boolean {
  return (
    schema.format === 'date' ||
    schema.format === 'date-time' ||
    /(^|[a-z])(date|day|from|to|On|At)$/.test(name)
  );
}

/** The bad values for a field of this schema: every field gets the bad text, then its own kind. */
export function badValuesFor(schema: JsonSchema, name: string): unknown[] {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return [...BAD_TEXT, ...BAD_NUMBERS];
  if (type === 'array') return [...BAD_TEXT, [], Array.from({ length: 5_000 }, () => 'x')];
  if (type === 'object') return [...BAD_TEXT, [], 12];
  if (isDate(schema, name)) return [...BAD_TEXT, ...FAR_DATES];
  return [...BAD_TEXT, '-1', '9999-12-31', 12];
}

function clamp(value: number, schema: JsonSchema): number {
  return Math.min(Math.max(value, schema.minimum ?? value), schema.maximum ?? value);
}

let serial = 0;

/** Text unique to each call: a name or an address already taken would stop a request early. */
function sampleText(schema: JsonSchema, name: string, ids: Record<string, string>): string {
  serial += 1;
  if (schema.format === 'uuid') {
    const key = name === 'academicYearId' ? 'yearId' : name;
    return ids[key] ?? '00000000-0000-4000-8000-000000000000';
  }
  if (schema.format === 'date') return '2030-10-01';
  if (schema.format === 'date-time') return '2030-10-01T08:00:00Z';
  if (schema.format === 'email' || /email/i.test(name)) return `fuzz.${serial}@exemple.tg`;
  if (/phone/i.test(name)) return `90${String(serial).padStart(6, '0')}`;
  if (/password/i.test(name)) return 'motdepasse-du-fuzz';
  return `Texte ${serial}`.padEnd(schema.minLength ?? 0, 'x');
}

/**
 * A plausible value: the first of an enum, the default, a known id for a uuid named like one, the
 * required fields of an object.
 */
export function sample(schema: JsonSchema, name: string, ids: Record<string, string>): unknown {
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? null;
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) {
    const option = options.find((candidate) => typeOf(candidate) !== 'null') ?? {};
    return sample(option, name, ids);
  }
  if (schema.default !== undefined) return schema.default;
  switch (typeOf(schema)) {
    case 'object': {
      // Required fields only: an optional one (a photo, a honeypot) is sent when it is fuzzed.
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => required.has(key))
          .map(([key, sub]) => [key, sample(sub, key, ids)]),
      );
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items ?? {}, name, ids),
      );
    case 'integer':
    case 'number':
      return clamp(1, schema);
    case 'boolean':
      return false;
    default:
      return sampleText(schema, name, ids);
  }
}

export interface Field {
  path: string[];
  schema: JsonSchema;
}

/** Every field of an object schema, nested ones included (the first item of each array). */
export function fieldsOf(schema: JsonSchema, path: string[] = []): Field[] {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return fieldsOf(options.find((option) => typeOf(option) !== 'null') ?? {}, path);
  const type = typeOf(schema);
  if (type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => [
      { path: [...path, key], schema: sub },
      ...fieldsOf(sub, [...path, key]),
    ]);
  }
  if (type === 'array' && schema.items) return fieldsOf(schema.items, [...path, '0']);
  return [];
}

/** A copy of `body` with the value at `path` replaced. */
export function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1]!] = value;
  return copy;
}
