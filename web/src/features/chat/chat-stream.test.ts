import { describe, expect, it } from 'vitest';
import { chatSession, modelMessage } from './chat-fixtures';
import { applyDelta, mergeServerCopy, messageText, withMessage, type DeltaOutcome } from './chat-stream';

const streaming = (text: string) => chatSession({ messages: [modelMessage(text, { id: 'r', status: 'streaming' })] });
const replyOf = (chat: ReturnType<typeof chatSession>) => messageText(chat.messages[0] ?? modelMessage(''));

describe('applyDelta', () => {
  it.each<[string, string, number, string, DeltaOutcome, string]>([
    ['appends a piece that starts where the text ends', 'Hello', 5, ' world', 'applied', 'Hello world'],
    ['appends the first piece of an empty reply', '', 0, 'Hi', 'applied', 'Hi'],
    ['ignores a piece it holds already', 'Hello world', 0, 'Hello', 'duplicate', 'Hello world'],
    ['ignores the same piece pushed twice', 'Hello world', 5, ' world', 'duplicate', 'Hello world'],
    ['keeps only the part not held yet of an overlapping piece', 'Hello wo', 5, ' world!', 'applied', 'Hello world!'],
    ['reports a gap when a piece starts beyond the text', 'Hello', 9, 'ld', 'gap', 'Hello'],
  ])('%s', (_name, held, offset, text, outcome, want) => {
    const result = applyDelta(streaming(held), { messageId: 'r', offset, text });
    expect(result.outcome).toBe(outcome);
    expect(replyOf(result.chat)).toBe(want);
  });

  it('keeps `received` equal to the text held', () => {
    const { chat } = applyDelta(streaming('ab'), { messageId: 'r', offset: 2, text: 'cd' });
    expect(chat.messages[0]?.received).toBe(4);
  });

  it('knows no unknown message, and leaves a finished reply alone', () => {
    expect(applyDelta(streaming('a'), { messageId: 'other', offset: 0, text: 'x' }).outcome).toBe('unknown');
    const done = chatSession({ messages: [modelMessage('Done.', { id: 'r' })] });
    const result = applyDelta(done, { messageId: 'r', offset: 5, text: ' More' });
    expect(result.outcome).toBe('finished');
    expect(result.chat).toBe(done);
  });
});

describe('mergeServerCopy', () => {
  it('keeps the longer text of a reply both copies hold as streaming', () => {
    const merged = mergeServerCopy(streaming('Hello world'), streaming('Hello'));
    expect(replyOf(merged)).toBe('Hello world');
  });

  it('takes the server copy of a reply that finished, even when shorter', () => {
    const server = chatSession({ messages: [modelMessage('Hello.', { id: 'r' })] });
    expect(mergeServerCopy(streaming('Hello world'), server)).toBe(server);
  });

  it('takes the server text when it does not continue the held one', () => {
    const server = streaming('Bonjour');
    expect(mergeServerCopy(streaming('Hello world'), server)).toBe(server);
  });

  it('drops a message the server no longer has', () => {
    const server = chatSession({ messages: [] });
    expect(mergeServerCopy(streaming('Hi'), server).messages).toEqual([]);
  });
});

describe('withMessage', () => {
  it('keeps the text shown so far when the server answers a stop with less of it', () => {
    const stopped = modelMessage('Hello', { id: 'r', status: 'stopped' });
    const chat = withMessage(streaming('Hello world'), stopped);
    expect(chat.messages[0]?.status).toBe('stopped');
    expect(replyOf(chat)).toBe('Hello world');
  });
});
