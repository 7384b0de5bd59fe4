import { z } from 'zod';

export const UnreadCount = z.object({ count: z.number().int().nonnegative() });

export const feedContract = {
  unreadCount: { method: 'get', path: '/feed/unread-count', summary: 'How many feed items are unread (the top bar badge)', response: UnreadCount },
} as const;
