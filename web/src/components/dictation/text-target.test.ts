import { describe, expect, it } from 'vitest';
import { TextDictationTarget } from './text-target';
import { applyTranscript } from './dictation-target';

const transcript = (text: string, isFinal = true, extra: { commands?: { action: 'clear_all' | 'undo' | 'start_list' | 'end_list' }[]; listMode?: boolean } = {}) =>
  ({ type: 'transcript', text, isFinal, ...extra }) as const;

describe('TextDictationTarget with applyTranscript', () => {
  const setUp = () => {
    const shown: string[] = [];
    const target = new TextDictationTarget((text) => shown.push(text));
    return { target, shown, last: () => shown.at(-1) };
  };

  it('shows partial text after the settled text and replaces it with the final one', () => {
    const { target, last } = setUp();
    applyTranscript(target, transcript('the patient is stable'), false);
    applyTranscript(target, transcript('blood pressure', false), false);
    expect(last()).toBe('the patient is stable blood pressure');
    applyTranscript(target, transcript('blood pressure normal'), false);
    expect(last()).toBe('the patient is stable blood pressure normal');
  });

  it('undo takes back the last piece, clear all every piece of this session', () => {
    const { target, last } = setUp();
    applyTranscript(target, transcript('first'), false);
    applyTranscript(target, transcript('second'), false);
    applyTranscript(target, transcript('', true, { commands: [{ action: 'undo' }] }), false);
    expect(last()).toBe('first');
    applyTranscript(target, transcript('', true, { commands: [{ action: 'clear_all' }] }), false);
    expect(last()).toBe('');
  });

  it('list mode puts each piece on a line of its own until the list ends', () => {
    const { target, last } = setUp();
    let listMode = applyTranscript(target, transcript('plan'), false);
    listMode = applyTranscript(target, transcript('', true, { commands: [{ action: 'start_list' }], listMode: true }), listMode);
    listMode = applyTranscript(target, transcript('aspirin daily', true, { listMode: true }), listMode);
    listMode = applyTranscript(target, transcript('follow up in clinic', true, { listMode: true }), listMode);
    listMode = applyTranscript(target, transcript('', true, { commands: [{ action: 'end_list' }], listMode: false }), listMode);
    applyTranscript(target, transcript('done'), listMode);
    expect(last()).toBe('plan\n- aspirin daily\n- follow up in clinic\ndone');
    expect(listMode).toBe(false);
  });
});
