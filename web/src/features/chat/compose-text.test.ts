import { MAX_CHAT_TEXT } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import { insertIntoMessage } from './compose-text';

describe('insertIntoMessage', () => {
  it.each([
    ['an empty message', '', 0, 0, { text: 'Summarize.', caret: 10 }],
    ['the end of a line', 'Notes below', 11, 11, { text: 'Notes below\n\nSummarize.', caret: 23 }],
    ['the start of an empty line', 'Notes:\n', 7, 7, { text: 'Notes:\nSummarize.', caret: 17 }],
    ['the start, before text', 'BP 128/76', 0, 0, { text: 'Summarize.\n\nBP 128/76', caret: 10 }],
    ['the end of a line, before the next', 'Notes\nBP 128/76', 5, 5, { text: 'Notes\n\nSummarize.\nBP 128/76', caret: 17 }],
    ['a selection, replaced', 'Please [here] thanks', 7, 13, { text: 'Please \n\nSummarize.\n\n thanks', caret: 19 }],
  ])('inserts at %s', (_where, message, start, end, want) => expect(insertIntoMessage(message, start, end, 'Summarize.')).toEqual(want));

  it('keeps the message within the chat limit, the caret within it', () => {
    const long = 'x'.repeat(MAX_CHAT_TEXT - 5);
    const { text, caret } = insertIntoMessage(long, long.length, long.length, 'A prompt much longer than five');
    expect(text).toHaveLength(MAX_CHAT_TEXT);
    expect(caret).toBe(MAX_CHAT_TEXT);
  });
});
