import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../ports/text-model';
import { alternatingTurns } from './model-turns';

const turn = (role: ModelMessage['role'], ...texts: string[]): ModelMessage => ({ role, content: texts.map((text) => ({ type: 'text', text })) });

describe('alternatingTurns', () => {
  it.each([
    ['alternating turns as they are', [turn('user', 'a'), turn('assistant', 'b'), turn('user', 'c')], [turn('user', 'a'), turn('assistant', 'b'), turn('user', 'c')]],
    ['two user turns in a row joined', [turn('user', 'a'), turn('user', 'b'), turn('assistant', 'c')], [turn('user', 'a', 'b'), turn('assistant', 'c')]],
    ['leading assistant turns dropped', [turn('assistant', 'hello'), turn('assistant', 'again'), turn('user', 'a')], [turn('user', 'a')]],
    ['nothing', [], []],
  ])('%s', (_case, messages, want) => expect(alternatingTurns(messages)).toEqual(want));

  it('leaves the messages it was given as they were', () => {
    const messages = [turn('user', 'a'), turn('user', 'b')];
    alternatingTurns(messages);
    expect(messages).toEqual([turn('user', 'a'), turn('user', 'b')]);
  });
});
