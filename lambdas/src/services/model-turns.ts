// The conversation as a model takes it (Bedrock's Converse insists on it): turns alternate, two of one role in a row
// (a failed reply leaves two user turns) joined into one, and the first is the user's.
import type { ModelMessage } from '../ports/text-model';

export const alternatingTurns = (messages: readonly ModelMessage[]): ModelMessage[] => {
  const turns: ModelMessage[] = [];
  for (const { role, content } of messages) {
    const previous = turns.at(-1);
    if (previous?.role === role) previous.content.push(...content);
    else if (turns.length > 0 || role === 'user') turns.push({ role, content: [...content] });
  }
  return turns;
};
