// The home feature reads the user document through the platform's one key factory.
export { meKeys, useMe } from '../../platform/user-document';
