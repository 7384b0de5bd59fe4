// What the panel's FHIR R4 export and import share: the Chartside names (extensions, code systems, identifier systems),
// the attachment types, and UTF-8 text as base64 (an Attachment's `data`). Written with btoa/atob and TextEncoder, which
// the browser and Node both have.

const BASE = 'https://chartside.app/fhir';

/** Extension URLs for what FHIR's Patient, Condition and Task have no element for; read back to restore the patient exactly. */
export const fhirExtension = {
  room: `${BASE}/StructureDefinition/room`,
  appointment: `${BASE}/StructureDefinition/appointment`,
  attending: `${BASE}/StructureDefinition/attending`,
  primaryDiagnosis: `${BASE}/StructureDefinition/primary-diagnosis`,
  tag: `${BASE}/StructureDefinition/tag`,
  visibleSection: `${BASE}/StructureDefinition/visible-section`,
  lastAccessed: `${BASE}/StructureDefinition/last-accessed`,
  created: `${BASE}/StructureDefinition/created`,
  /** A problem's, assessment's or plan's stored text (maybe rich text) where FHIR holds only its readable form. */
  problemText: `${BASE}/StructureDefinition/problem-text`,
  problemAssessment: `${BASE}/StructureDefinition/problem-assessment`,
  problemPlan: `${BASE}/StructureDefinition/problem-plan`,
  taskPriority: `${BASE}/StructureDefinition/task-priority`,
} as const;

export const fhirSystem = {
  patientId: `${BASE}/patient-id`,
  problemId: `${BASE}/problem-id`,
  taskId: `${BASE}/task-id`,
  /** DocumentReference.type: a note section's name, or 'notes' or 'oneliner'. */
  noteKind: `${BASE}/CodeSystem/note-kind`,
  identifierType: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
} as const;

/** The readable attachment every other system can show. */
export const PLAIN_TEXT_TYPE = 'text/plain; charset=utf-8';
/** Chartside's own attachment: the stored section value as JSON, so an import restores rich text exactly. */
export const CHARTSIDE_VALUE_TYPE = 'application/vnd.chartside.note-value+json';

/** A bundle in which every patient and every other entry has its own urn:uuid fullUrl. */
export const FHIR_BUNDLE_TYPE = 'collection';

/** Bytes handed to String.fromCharCode at once (its argument list is limited). */
const CHUNK = 0x8000;

export const toBase64 = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  return btoa(binary);
};

/** The text of base64 UTF-8 data, or undefined when it is not base64 or not UTF-8. */
export const fromBase64 = (data: string): string | undefined => {
  try {
    const binary = atob(data.replace(/\s+/g, ''));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
};
