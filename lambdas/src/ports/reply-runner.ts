// Runs a chat reply apart from the request that asked for it: a reply may stream for a minute, longer than an HTTP
// request may stay open behind API Gateway. In the cloud an asynchronous Lambda invocation; locally a task in-process.
import type { ChatModelChoice, ChatSession } from '@chartside/shared';

export interface ChatReplyJob {
  userId: string;
  chatId: string;
  /** The reply message to stream into (stored, status 'streaming'). */
  messageId: string;
  model: ChatModelChoice;
  /** The sender's tab (its x-client-id), which learns of the exchange from its own request: the job tells the others. */
  clientId?: string;
}

/** What the sender hands the reply as its send goes on. */
export interface ReplyHandoff {
  /** The chat as it will be once the exchange is stored; undefined when the send stores nothing. */
  chat: Promise<ChatSession | undefined>;
  /** Resolves true once the message and its reply are stored; false when they were not (nothing is to be streamed). */
  stored: Promise<boolean>;
}

export interface ReplyRunner {
  /**
   * Resolves once the job is handed off, not when the reply is complete. It is called as a send begins, before the chat
   * is read: a runner in the same process reads the user's connections at once, asks the model as soon as it is handed
   * the chat (no read of its own) and pushes the pieces as they come, writing nothing until `stored`; one that sends
   * the job elsewhere waits for `stored` and sends only the ids.
   */
  start(job: ChatReplyJob, handoff: ReplyHandoff): Promise<void>;
}
