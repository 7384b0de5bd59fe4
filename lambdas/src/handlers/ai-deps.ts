// The models for the HTTP API's AI and search groups: Bedrock, and the chat reply function that streams a reply.
import { LambdaClient } from '@aws-sdk/client-lambda';
import { lambdaReplyRunner } from '../adapters/aws/lambda-reply-runner';
import type { AiDeps } from '../http/deps';
import type { ReplyRunner } from '../ports/reply-runner';
import { models } from './models-deps';
import { config } from './base-deps';

const replies: ReplyRunner = config.CHAT_REPLY_FUNCTION
  ? lambdaReplyRunner(new LambdaClient({}), config.CHAT_REPLY_FUNCTION)
  : { start: () => Promise.reject(new Error('CHAT_REPLY_FUNCTION is not set on this function')) };

export const ai: AiDeps = { models, replies, dailyTokens: config.AI_DAILY_TOKENS };
