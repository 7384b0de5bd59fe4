// The cost guard: each user may use so many model tokens a day (UTC), counted after every model call. A call is
// refused (429) once the day's allowance is spent; the call that crosses it is allowed to finish.
import { AppError } from '@chartside/shared';
import type { ChatRepository } from '../data/chat-repository';
import type { TokenUsage } from '../ports/text-model';

export interface AiAllowance {
  chats: ChatRepository;
  /** Tokens (input and output) one user may use per day. */
  dailyTokens: number;
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export const checkAllowance = async ({ chats, dailyTokens }: AiAllowance, userId: string, now: Date): Promise<void> => {
  if ((await chats.tokensUsed(userId, dayOf(now))) < dailyTokens) return;
  throw new AppError('rate_limited', `You have used today's AI allowance (${dailyTokens.toLocaleString('en-US')} tokens). It renews at midnight UTC.`);
};

export const recordUsage = async ({ chats }: AiAllowance, userId: string, now: Date, usage: TokenUsage): Promise<void> => {
  const tokens = usage.inputTokens + usage.outputTokens;
  if (tokens > 0) await chats.addTokens(userId, dayOf(now), tokens);
};
