// The on-call (cross-cover) page log: every call or page taken overnight, and the summary for the morning sign-out,
// grouped by patient in the order they first called, with what still needs follow-up marked.
import { z } from 'zod';

export const CallEntry = z.object({
  id: z.string().min(1),
  /** When the call came, ISO. */
  at: z.iso.datetime(),
  patient: z.string().max(200),
  /** Who called: '5W RN', 'ED', 'family'. */
  caller: z.string().max(200),
  question: z.string().max(2_000),
  action: z.string().max(2_000),
  followUp: z.boolean(),
});
export type CallEntry = z.infer<typeof CallEntry>;

/** The log entries taken since `since` (the start of the shift), oldest first. */
export const shiftEntries = (entries: readonly CallEntry[], since: Date): CallEntry[] =>
  entries.filter((entry) => Date.parse(entry.at) >= since.getTime()).sort((a, b) => a.at.localeCompare(b.at));

const NO_PATIENT = 'No patient named';
const time = (iso: string) => {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

/**
 * The overnight summary as text: per patient, each call's time, caller, question and action, and a FOLLOW-UP mark
 * where the day team must act. Patients with a follow-up come first, since those are what sign-out must not drop.
 */
export const callSummary = (entries: readonly CallEntry[]): string => {
  const byPatient = new Map<string, CallEntry[]>();
  for (const entry of entries) {
    const name = entry.patient.trim() || NO_PATIENT;
    byPatient.set(name, [...(byPatient.get(name) ?? []), entry]);
  }
  const groups = [...byPatient].sort(([, a], [, b]) => Number(b.some((e) => e.followUp)) - Number(a.some((e) => e.followUp)));
  const header = `Cross-cover: ${entries.length} ${entries.length === 1 ? 'call' : 'calls'}, ${entries.filter((e) => e.followUp).length} to follow up`;
  const blocks = groups.map(([name, calls]) =>
    [
      name,
      ...calls.map((call) => {
        const parts = [call.caller.trim() && `${call.caller.trim()}:`, call.question.trim(), call.action.trim() && `-> ${call.action.trim()}`].filter(Boolean);
        return `- ${time(call.at)} ${parts.join(' ')}${call.followUp ? ' [FOLLOW-UP]' : ''}`;
      }),
    ].join('\n'),
  );
  return [header, ...blocks].join('\n\n');
};
