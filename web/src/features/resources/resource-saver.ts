// The autosave of one open resource: the generic RecordSaver, configured. Its draft is the resource's editable
// fields; sections and files merge item by item; a blank name is never saved (the form says a name is required).
// Like every record, a failed save is retried by itself, and waits for the network while the browser is offline.
import {
  isResourceName,
  RESOURCE_AUTOSAVE_MS,
  resourceFieldMergers,
  type Resource,
  type ResourceFields,
  type ResourcePatch,
} from '@chartside/shared';
import { RecordSaver, type FieldConflict, type RecordSaverDeps } from '../../platform/autosave/record-saver';

export type FieldName = keyof ResourceFields;
export type ResourceConflict = FieldConflict<Resource, ResourceFields>;
type ResourceSaver = RecordSaver<Resource, ResourceFields, ResourcePatch>;

type ResourceSaverDeps = Pick<RecordSaverDeps<Resource, ResourceFields, ResourcePatch>, 'initial' | 'patch' | 'fetchLatest' | 'onServerCopy' | 'requestTimeoutMs'> &
  Partial<Pick<RecordSaverDeps<Resource, ResourceFields, ResourcePatch>, 'delayMs' | 'retryDelaysMs' | 'isOffline'>>;

export const fieldsOf = ({ id: _id, clicks: _clicks, version: _version, createdAt: _createdAt, updatedAt: _updatedAt, ...fields }: Resource): ResourceFields =>
  fields;

const withoutBlankName = (changes: Partial<ResourceFields>): Partial<ResourceFields> => {
  if (changes.name === undefined || isResourceName(changes.name)) return changes;
  const { name: _blank, ...rest } = changes;
  return rest;
};

export const createResourceSaver = ({ delayMs = RESOURCE_AUTOSAVE_MS, ...deps }: ResourceSaverDeps): ResourceSaver =>
  new RecordSaver({
    ...deps,
    delayMs,
    draftOf: fieldsOf,
    patchBody: (changes, version): ResourcePatch => ({ version, ...changes }),
    mergers: resourceFieldMergers,
    savable: withoutBlankName,
  });
