// The chat reply function: invoked asynchronously by the HTTP API with one reply to stream.
import { ChatModelChoice } from '@chartside/shared';
import * as z from 'zod';
import { runChatReply } from '../jobs/chat-reply';
import { chatReplyDeps } from './chat-reply-deps';

const ChatReplyEvent = z.object({ userId: z.string().min(1), chatId: z.string().min(1), messageId: z.string().min(1), model: ChatModelChoice, clientId: z.string().optional() });

export const handler = (event: unknown) => runChatReply(chatReplyDeps, ChatReplyEvent.parse(event));
