// The autosave of one open admission note: the generic RecordSaver, configured. Its draft is the note's editable
// fields; sections merge one by one, so two devices editing different sections both keep their text. Like every
// record, a failed save is retried by itself and waits for the network while the browser is offline.
import { ADMISSION_AUTOSAVE_MS, admissionFieldMergers, type Admission, type AdmissionFields, type AdmissionPatch } from '@chartside/shared';
import { RecordSaver, type RecordSaverDeps } from '../../platform/autosave/record-saver';

type AdmissionSaverDeps = Pick<RecordSaverDeps<Admission, AdmissionFields, AdmissionPatch>, 'initial' | 'patch' | 'fetchLatest' | 'onServerCopy' | 'requestTimeoutMs'> & {
  delayMs?: number;
};

export const admissionFieldsOf = ({ title, demographics, sections }: Admission): AdmissionFields => ({ title, demographics, sections });

export const createAdmissionSaver = ({ delayMs = ADMISSION_AUTOSAVE_MS, ...deps }: AdmissionSaverDeps) =>
  new RecordSaver<Admission, AdmissionFields, AdmissionPatch>({
    ...deps,
    delayMs,
    draftOf: admissionFieldsOf,
    patchBody: (changes, version): AdmissionPatch => ({ version, ...changes }),
    mergers: admissionFieldMergers,
  });
