// Runs a chat reply apart from the request that asked for it: a reply may stream for a minute, longer than an HTTP
// request may stay open behind API Gateway. In the cloud an asynchronous Lambda invocation; locally a task in-process.
import type { ChatModelChoice, ChatSession } from '@chartside/shared';

export interface ChatReplyJob {
  userId: string;
  chatId: string;
  /** The reply message to stream into (stored, status 'streaming'). */
  messageId: string;
  model: ChatModelChoice;
}

export interface ReplyRunner {
  /**
   * Resolves once the job is handed off, not when the reply is complete. `chat` is the chat as the sender just stored
   * it: a runner in the same process hands it over, saving the job a read before the model is asked; one that sends
   * the job elsewhere sends only the ids.
   */
  start(job: ChatReplyJob, chat: ChatSession): Promise<void>;
}
