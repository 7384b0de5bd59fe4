// Opening the chat with text waiting in the message, not sent: how another screen hands text to the chat (a saved
// prompt's 'Use in chat'). The text rides in the navigation's state, so the address stays /chat; a new chat is started
// and the text carried on to it.
import { createClientId } from '../../platform/client-id';
import type { ChatShare } from './components/Composer';

interface ComposeState {
  compose: { id: string; text: string };
}

/** Where to navigate, and with what state, to start a chat with `text` in its message. */
export const chatWithText = (text: string): { to: string; state: ComposeState } => ({ to: '/chat', state: { compose: { id: createClientId(), text } } });

/** The text handed over in a navigation's state, as the composer takes it (once per id); undefined when none. */
export const composeOf = (state: unknown): Extract<ChatShare, { text: string }> | undefined => {
  if (typeof state !== 'object' || state === null || !('compose' in state)) return undefined;
  const { compose } = state as { compose: unknown };
  if (typeof compose !== 'object' || compose === null) return undefined;
  const { id, text } = compose as { id?: unknown; text?: unknown };
  return typeof id === 'string' && typeof text === 'string' ? { id, text } : undefined;
};
