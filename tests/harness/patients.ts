// Realistic patient content for the patient API tests and the panel benchmark: note sections as the editor stores them
// (BlockNote JSON), tasks, and whole patients for import files.
import type { FieldValue, Patient, Task } from '@chartside/shared';

const clinicalLines = [
  'Hospital day 3. Afebrile overnight, tolerating diet, ambulating with PT.',
  'BP 128/76, HR 82, RR 16, SpO2 95% on 2 L NC. I/O 1.8 L in, 2.4 L out.',
  'Na 134, K 4.1, Cr 1.4 (baseline 1.1), WBC 11.2 trending down, lactate 1.3.',
  'CXR: improving left lower lobe consolidation; no effusion. Echo EF 35% é ü 💊.',
  '# Sepsis from LLL pneumonia: continue ceftriaxone/azithro day 3 of 5, follow cultures.',
  '# AKI on CKD 3a: prerenal, improving with fluids; hold lisinopril, renally dose meds.',
];

/** A note section's value of about `bytes` bytes of BlockNote JSON, with multi-byte characters in it. */
export const noteSection = (bytes: number, seed = 0): FieldValue => {
  const blocks: { type: string; content: string }[] = [];
  let size = 2;
  for (let i = seed; size < bytes; i += 1) {
    const content = clinicalLines[i % clinicalLines.length]!;
    blocks.push({ type: 'paragraph', content });
    size += new TextEncoder().encode(JSON.stringify({ type: 'paragraph', content })).length + 1;
  }
  return { deltaString: JSON.stringify(blocks), expanded: true };
};

export const task = (text: string, created: string, overrides: Partial<Task> = {}): Task => ({
  id: crypto.randomUUID(),
  text,
  details: '',
  completed: false,
  priority: 3,
  dueDate: null,
  created,
  tags: [],
  ...overrides,
});

/** A whole patient as an export file holds it. */
export const patientRecord = (overrides: Partial<Patient> = {}): Patient => {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    lastname: 'Okafor',
    firstname: 'Adaeze',
    dob: '1956-03-14',
    mrn: '40012345',
    room: '4B-12',
    appointment: '',
    attending: 'Dr Patel',
    primarydx: 'Community-acquired pneumonia',
    oneliner: JSON.stringify([{ type: 'paragraph', content: '68F with HFrEF admitted with CAP and sepsis' }]),
    notes: '',
    tags: ['Icu'],
    tasks: [task('See patient', now)],
    visibleFields: ['events', 'vitals', 'assessment'],
    fields: { events: noteSection(2_000), assessment: noteSection(3_000, 4) },
    lastAccessed: now,
    version: 3,
    lastSessionId: 'an-older-session',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
};
