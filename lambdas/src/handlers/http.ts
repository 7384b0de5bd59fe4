import { handle } from 'hono/aws-lambda';
import { createApp } from '../http/app';
import { httpDeps } from './cloud-deps';

export const handler = handle(createApp(httpDeps));
