// How a patient is named in the header and the panel: 'lastname, firstname', the age from the date of birth, and the MRN.
import type { PatientFields } from './patient';

/** 'Doe, Jane'; only the part that is filled in when the other is blank; '' when both are. */
export const displayName = ({ lastname, firstname }: Pick<PatientFields, 'lastname' | 'firstname'>): string =>
  [lastname.trim(), firstname.trim()].filter(Boolean).join(', ');

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whole years from `dob` (YYYY-MM-DD) to `today`, read in `today`'s local calendar. The age goes up on the birthday
 * itself; someone born on 29 February turns a year older on 1 March in a non-leap year. Undefined for a blank or
 * impossible date (2026-02-30) and for a birth date after today.
 */
export const ageInYears = (dob: string, today: Date): number | undefined => {
  const match = ISO_DATE.exec(dob.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  const todayMonth = today.getMonth() + 1;
  const hadBirthday = todayMonth > month || (todayMonth === month && today.getDate() >= day);
  const age = today.getFullYear() - year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : undefined;
};

/** The length of the VA's CPRS identifier, shown as 3-2-4 digits like a social security number. */
const CPRS_ID_DIGITS = 9;
const MRN_GROUP = 3;

/**
 * The MRN as shown when the cprs setting is on: a 9-digit number as '123-45-6789' (the form CPRS uses); any other
 * all-digit MRN in groups of three from the right ('1 234 567'), so long numbers read back easily over the phone;
 * an MRN with letters as typed. Spaces and dashes the user typed are ignored before grouping.
 */
export const formatMrn = (mrn: string): string => {
  const digits = mrn.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return mrn.trim();
  if (digits.length === CPRS_ID_DIGITS) return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= MRN_GROUP) groups.unshift(digits.slice(Math.max(0, end - MRN_GROUP), end));
  return groups.join(' ');
};

/** What the header shows for the MRN and what a click copies: the formatted MRN with cprs on, the raw one otherwise. */
export const mrnForDisplay = (mrn: string, cprs: boolean): string => (cprs ? formatMrn(mrn) : mrn);
