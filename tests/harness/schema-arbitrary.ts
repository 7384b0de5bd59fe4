// fast-check values from the JSON Schemas of the API's OpenAPI document: what a schema accepts (kept small), what it
// refuses or sits on its edges (wrong types, out of range, too long, odd unicode, unknown keys), and mostly well-formed
// values with wrong parts anywhere in the tree, which reach the handlers' deeper branches.
import fc from 'fast-check';

/** The JSON Schema keywords the document uses (zod 4's output: no $ref, no recursion). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface SchemaArbitraryOptions {
  /**
   * Addresses for `format: uri` and for string properties named like an address (url, endpoint, link): routes fetch
   * them, so they must point somewhere the suite controls, never at the internet.
   */
  urls: string[];
}

/** Generated arrays and strings stay this small (limits are exercised by `offending`, not by size). */
const MAX_GENERATED_ITEMS = 3;
const MAX_GENERATED_CHARS = 40;
const ADDRESS_PROPERTY = /url|endpoint|link/i;

/** Strings that have broken parsers, key builders and stores elsewhere. */
export const hostileStrings = [
  '',
  ' ',
  '.',
  '..',
  '../../etc/passwd',
  'a/b',
  '%2F',
  '%00',
  '\u0000',
  '\ud800', // a lone surrogate: not valid UTF-8 once stored
  '\u202eevil', // right-to-left override
  'e\u0301\u0301\u0301', // combining marks
  '👩🏽‍⚕️',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  'USER#someone',
  'PATIENT#x',
  '__proto__',
  'null',
  '2024-02-30',
  '-1',
];

const text = fc.oneof(
  fc.string({ maxLength: MAX_GENERATED_CHARS }),
  fc.string({ unit: 'grapheme', maxLength: MAX_GENERATED_CHARS }),
  fc.constantFrom(...hostileStrings),
);
const anyJson = fc.jsonValue({ maxDepth: 2 });
const typesOf = (schema: JsonSchema): string[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]);

/** A `^[class]+$` or `^[class]{m,n}$` pattern as its character class and lengths, so lengths can be chosen apart from it. */
const singleClass = (pattern: string) => {
  const match = /^\^(\[[^\]]+\])(?:\+|\{(\d+),(\d+)\})\$$/.exec(pattern);
  return match && { charClass: match[1]!, min: match[2] ? Number(match[2]) : undefined, max: match[3] ? Number(match[3]) : undefined };
};

const conformingString = (schema: JsonSchema, name: string | undefined, options: SchemaArbitraryOptions): fc.Arbitrary<string> => {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_GENERATED_CHARS, MAX_GENERATED_CHARS));
  if (schema.format === 'uri' || (name && ADDRESS_PROPERTY.test(name))) return fc.constantFrom(...options.urls);
  if (schema.format === 'date') return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    const single = singleClass(schema.pattern);
    if (single) {
      const least = Math.max(1, schema.minLength ?? 1, single.min ?? 1);
      const most = Math.max(least, Math.min(schema.maxLength ?? 64, single.max ?? 64));
      return fc.string({ unit: fc.stringMatching(new RegExp(`^${single.charClass}$`)), minLength: least, maxLength: most });
    }
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  return text.filter((s) => s.length >= minLength && s.length <= maxLength).map((s) => s || 'x'.repeat(minLength));
};

const numberBounds = (schema: JsonSchema) => ({
  min: schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1e-6 : -1e6),
  max: schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1e-6 : 1e6),
});

/** One schema's shape, its parts drawn by `child` (conforming or fuzzed). */
const shaped = (
  schema: JsonSchema,
  name: string | undefined,
  options: SchemaArbitraryOptions,
  child: (schema: JsonSchema, name: string | undefined) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> => {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => child(s, name)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  if (types.length === 0) return anyJson; // `{}`: anything
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'integer': {
          const { min, max } = numberBounds(schema);
          return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
        }
        case 'number': {
          const { min, max } = numberBounds(schema);
          return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
        }
        case 'string':
          return conformingString(schema, name, options);
        case 'array': {
          const minLength = schema.minItems ?? 0;
          return fc.array(child(schema.items ?? {}, name), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS)) });
        }
        case 'object': {
          const properties = Object.entries(schema.properties ?? {});
          if (properties.length === 0) {
            const values = typeof schema.additionalProperties === 'object' ? child(schema.additionalProperties, undefined) : anyJson;
            return fc.dictionary(text, values, { maxKeys: MAX_GENERATED_ITEMS });
          }
          return fc.record(Object.fromEntries(properties.map(([key, s]) => [key, child(s, key)])), { requiredKeys: schema.required ?? [] });
        }
        default:
          throw new Error(`No generator for JSON Schema type ${type}`);
      }
    }),
  );
};

/** Values the schema accepts. */
export const conforming = (schema: JsonSchema, options: SchemaArbitraryOptions, name?: string): fc.Arbitrary<unknown> =>
  shaped(schema, name, options, (s, n) => conforming(s, options, n));

/** Values the schema refuses or that sit on its edges. */
export const offending = (schema: JsonSchema, options: SchemaArbitraryOptions, name?: string): fc.Arbitrary<unknown> => {
  const types = typesOf(schema);
  const others: (fc.Arbitrary<unknown> | null)[] = [
      types.includes('string') ? null : text,
      types.includes('number') || types.includes('integer') ? null : fc.oneof(fc.integer(), fc.double()),
      types.includes('boolean') ? null : fc.boolean(),
      types.includes('null') ? null : fc.constant(null),
      types.includes('array') ? null : fc.array(anyJson, { maxLength: 2 }),
      types.includes('object') ? null : fc.dictionary(text, anyJson, { maxKeys: 2 }),
  ];
  const wrongType = fc.oneof(...others.filter((a): a is fc.Arbitrary<unknown> => a !== null));
  const edges: fc.Arbitrary<unknown>[] = [wrongType];
  if (schema.enum) edges.push(fc.constantFrom('not-in-the-list', 'PRIVATE', ''));
  if (types.includes('string')) {
    edges.push(fc.constantFrom(...hostileStrings));
    // One past the limit, and a string near the request size limit.
    edges.push(fc.constantFrom('x'.repeat((schema.maxLength ?? 10_000) + 1), '€'.repeat(1_200_000)));
  }
  if (types.includes('integer') || types.includes('number')) {
    const { min, max } = numberBounds(schema);
    edges.push(fc.constantFrom(min - 1, max + 1, -1, -0, 0.5, 1e308, -1e308, 2 ** 53 + 1, Number.MIN_VALUE));
  }
  if (types.includes('array') && schema.items) {
    const over = (schema.maxItems ?? 1000) + 1;
    edges.push(conforming(schema.items, options).map((item) => Array.from({ length: Math.min(over, 20_000) }, () => item)));
    if (schema.minItems) edges.push(fc.constant([]));
  }
  if (types.includes('object') && schema.properties) {
    // The object alone (a nullable object's null is no object to add to or take from).
    const whole = conforming({ ...schema, type: 'object' }, options, name) as fc.Arbitrary<Record<string, unknown>>;
    edges.push(whole.chain((value) => fc.record({ key: fc.constantFrom('extra', 'constructor', 'userId', 'pk', 'sk'), value: anyJson }).map(({ key, value: v }) => ({ ...value, [key]: v }))));
    const required = schema.required ?? [];
    if (required.length > 0) edges.push(whole.chain((value) => fc.constantFrom(...required).map((dropped) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== dropped)))));
  }
  return fc.oneof(...edges);
};

/** Mostly the schema's shape, with wrong values anywhere in it. */
export const fuzzed = (schema: JsonSchema, options: SchemaArbitraryOptions, name?: string): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: shaped(schema, name, options, (s, n) => fuzzed(s, options, n)) },
    { weight: 1, arbitrary: offending(schema, options, name) },
  );

/** What a route's body is drawn from: valid, fuzzed within, or refused at the top. */
export const anyBodyFor = (schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> =>
  fc.oneof(conforming(schema, options), fuzzed(schema, options), offending(schema, options));
