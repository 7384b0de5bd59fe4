// One random id per browser tab (per page load), sent with every API request and on the WebSocket URL so the
// server does not echo a tab's own changes back to it. Built from getRandomValues, which, unlike
// crypto.randomUUID, also works on plain http (the local runtime reached over a LAN address).

const ID_BYTES = 16;

export const createClientId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(ID_BYTES)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export const tabClientId = createClientId();
