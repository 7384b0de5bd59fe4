// Resource content for the API and browser tests: a text section as the editor stores it (BlockNote JSON).
import { plainTextDeltaString, type TextSection } from '@chartside/shared';

export const textSection = (title: string, text: string): TextSection => {
  const now = new Date().toISOString();
  return { id: `s-${crypto.randomUUID()}`, title, deltaString: plainTextDeltaString(text), editing: false, createdAt: now, updatedAt: now };
};
