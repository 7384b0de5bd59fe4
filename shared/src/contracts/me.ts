// The signed-in user's own document.
import { UserDocument, UserDocumentPatch } from '../user/user-document';

export const meContract = {
  get: {
    method: 'get',
    path: '/me',
    summary: "Read the signed-in user's document (created with defaults on first read)",
    response: UserDocument,
  },
  patch: {
    method: 'patch',
    path: '/me',
    summary: "Change fields of the signed-in user's document; refused with 409 when `version` is not the current one",
    body: UserDocumentPatch,
    response: UserDocument,
  },
} as const;
