// The panel's FHIR R4 export and import, a subpath of its own (@chartside/shared/fhir) so the web loads it only when asked.
export { buildFhirBundle, fhirExportFileName, type FhirBundle, type FhirResource } from './panel-bundle';
export { fhirImportMessages, readFhirBundle, type FhirFileRead } from './read-fhir-bundle';
