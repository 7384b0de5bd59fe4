// The I-PASS hand-off (Illness severity, Patient summary, Action list, Situation awareness and contingency, Synthesis by
// receiver): each patient's entry drafted from the panel, the user's edits laid over it, and the sheet as plain text.
import { displayName, sectionPlainText, sortTasks, type PatientSummary } from '@chartside/shared';

export const severities = ['stable', 'watcher', 'unstable'] as const;
export type Severity = (typeof severities)[number];
export const severityLabels: Readonly<Record<Severity, string>> = { stable: 'Stable', watcher: 'Watcher', unstable: 'Unstable' };

/** The parts the sender writes; the synthesis is the receiver's, on paper. */
export interface SignoutEntry {
  /** '' until the sender chooses: a severity is a judgement, never a default. */
  severity: Severity | '';
  summary: string;
  actions: string;
  situation: string;
}

export type SignoutPatient = Pick<PatientSummary, 'id' | 'lastname' | 'firstname' | 'room' | 'primarydx' | 'oneliner' | 'tasks'>;

/** The name and room a sheet heads each patient with. */
export const patientHeading = (patient: SignoutPatient): string =>
  [displayName(patient) || 'Unnamed patient', patient.room && `Room ${patient.room}`].filter(Boolean).join(' · ');

/** The entry as the chart has it: the ID line (or the primary diagnosis) as the summary, open tasks as the action list. */
export const draftEntry = (patient: SignoutPatient): SignoutEntry => ({
  severity: '',
  summary: sectionPlainText(patient.oneliner).trim() || patient.primarydx.trim(),
  actions: sortTasks(patient.tasks)
    .filter((task) => !task.completed)
    .map((task) => `- ${task.text}`)
    .join('\n'),
  situation: '',
});

/** The entry shown: the user's saved edits where there are any, else the chart's draft. */
export const currentEntry = (patient: SignoutPatient, saved: Partial<SignoutEntry> | undefined): SignoutEntry => ({ ...draftEntry(patient), ...saved });

const RECEIVER_LINE = '_'.repeat(40);

/** The sheet as text, one block per patient in the I-PASS order, for pasting into a message or a hand-off tool. */
export const signoutText = (rows: readonly { patient: SignoutPatient; entry: SignoutEntry }[]): string =>
  rows
    .map(({ patient, entry }) =>
      [
        patientHeading(patient),
        `Illness severity: ${entry.severity ? severityLabels[entry.severity] : 'not set'}`,
        `Patient summary: ${entry.summary.trim()}`,
        `Action list:${entry.actions.trim() ? `\n${entry.actions.trim()}` : ' none'}`,
        `Situation awareness & contingency: ${entry.situation.trim()}`,
        `Synthesis by receiver: ${RECEIVER_LINE}`,
      ].join('\n'),
    )
    .join('\n\n');
