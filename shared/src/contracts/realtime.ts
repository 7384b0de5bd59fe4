// Messages on the WebSocket, both ways.
import * as z from 'zod';

/** Events the server pushes to a user's connections. */
export const RealtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user.updated'), version: z.number().int() }),
  /** A session was signed out (remotely, or by terminate-all); the browser holding it signs out and reloads. */
  z.object({ type: z.literal('session.ended'), sessionId: z.string() }),
  /** A resource was written (or deleted, version null) by another tab or device; an open copy refetches. */
  z.object({ type: z.literal('resource.updated'), resourceId: z.string(), version: z.number().int().nullable() }),
  /** A patient was written (or deleted, version null) by another tab or device; an open copy refetches and merges. */
  z.object({ type: z.literal('patient.updated'), patientId: z.string(), version: z.number().int().nullable() }),
  /**
   * A piece of a chat reply as it streams: `offset` is where it starts in the reply's raw text, so a copy that already
   * holds it (loaded after a reload) skips it, and one that missed a piece knows to reload the chat.
   */
  z.object({ type: z.literal('chat.delta'), chatId: z.string(), messageId: z.string(), offset: z.number().int().nonnegative(), text: z.string() }),
  /** A chat was written (a message sent, a reply complete, a rename, a delete): open copies load it again. */
  z.object({ type: z.literal('chat.updated'), chatId: z.string(), deleted: z.boolean().optional() }),
  /** An admission note was written (or deleted, version null) by another tab or device; an open copy refetches. */
  z.object({ type: z.literal('admission.updated'), admissionId: z.string(), version: z.number().int().nullable() }),
  /** The user's feed items changed (a refresh stored new ones, a read flag changed): the badge shows `unread`. */
  z.object({ type: z.literal('feed.updated'), unread: z.number().int().nonnegative() }),
  /** A backup was restored: every open copy of the user's data refetches. */
  z.object({ type: z.literal('data.restored'), backupDate: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEvent>;

/** Messages a client sends; API Gateway routes them all to $default. */
export const RealtimeClientMessage = z.discriminatedUnion('action', [z.object({ action: z.literal('ping') })]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;

/**
 * Query parameters of the WebSocket URL: a one-time ticket (never the access token: URLs end up in logs), and the id of
 * the browser tab so it is not sent its own changes.
 */
export const realtimeQuery = { ticket: 'ticket', clientId: 'clientId' } as const;

/** How long a ticket may wait for its socket; it is good for one connection. */
export const REALTIME_TICKET_SECONDS = 30;
export const RealtimeTicket = z.object({ ticket: z.string(), expiresInSeconds: z.number().int().positive() });
export type RealtimeTicket = z.infer<typeof RealtimeTicket>;

export const realtimeContract = {
  ticket: {
    method: 'post',
    path: '/realtime/ticket',
    /** Issues a ticket, and changes no data the API reads back. */
    readOnly: true,
    summary: 'A one-time ticket that opens one WebSocket of the caller (its URL then carries no token)',
    response: RealtimeTicket,
  },
} as const;
