import { describe, expect, it } from 'vitest';
import { appendEdits, editOfKey, editOfPaste, editsOfPaste, textWithEdits, type PendingEdit } from './pending-input';

const key = (name: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing', boolean>> = {}) =>
  editOfKey({ key: name, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, isComposing: false, ...modifiers });

describe('pending input of a rich-text fallback', () => {
  it('keeps bold, italic and underline switched with Ctrl or ⌘, and shows them as nothing in the plain text', () => {
    expect(key('b', { ctrlKey: true })).toEqual({ kind: 'format', key: 'b', ctrlKey: true, metaKey: false });
    expect(key('i', { metaKey: true })).toEqual({ kind: 'format', key: 'i', ctrlKey: false, metaKey: true });
    expect(key('u', { ctrlKey: true })).toEqual({ kind: 'format', key: 'u', ctrlKey: true, metaKey: false });
    expect(key('B', { ctrlKey: true })).toEqual({ kind: 'format', key: 'b', ctrlKey: true, metaKey: false });
    expect(key('B', { ctrlKey: true, shiftKey: true })).toBeNull();
    const typed = appendEdits([], [key('G')!, key('b', { ctrlKey: true })!, key('1')!, key('5')!]);
    expect(typed).toEqual([{ kind: 'text', text: 'G' }, { kind: 'format', key: 'b', ctrlKey: true, metaKey: false }, { kind: 'text', text: '15' }]);
    expect(textWithEdits('', typed)).toBe('G15');
  });

  it('keeps printable keys, Enter and Backspace, and leaves navigation and shortcuts alone', () => {
    expect(key('a')).toEqual({ kind: 'text', text: 'a' });
    expect(key(' ')).toEqual({ kind: 'text', text: ' ' });
    expect(key('µ', { altKey: true })).toEqual({ kind: 'text', text: 'µ' });
    expect(key('Enter')).toEqual({ kind: 'enter' });
    expect(key('Backspace')).toEqual({ kind: 'backspace' });
    for (const ignored of ['Tab', 'Shift', 'ArrowLeft', 'Escape', 'Dead']) expect(key(ignored)).toBeNull();
    expect(key('v', { metaKey: true })).toBeNull();
    expect(key('c', { ctrlKey: true })).toBeNull();
    expect(key('a', { isComposing: true })).toBeNull();
  });

  it('turns a pasted text into lines with an Enter between them', () => {
    expect(editsOfPaste('Lasix 40\r\n\nK 4.1')).toEqual([{ kind: 'text', text: 'Lasix 40' }, { kind: 'enter' }, { kind: 'enter' }, { kind: 'text', text: 'K 4.1' }]);
    expect(editsOfPaste('')).toEqual([]);
  });

  it('keeps a paste whole, its formatting and files included', () => {
    const photo = new File(['png'], 'rash.png', { type: 'image/png' });
    const clipboard = { getData: (type: string) => ({ 'text/plain': 'K 4.1', 'text/html': '<b>K</b> 4.1' })[type] ?? '', files: [photo] as unknown as FileList };
    expect(editOfPaste(clipboard)).toEqual({ kind: 'paste', text: 'K 4.1', html: '<b>K</b> 4.1', files: [photo] });
    // Typed text after a paste stays after it.
    expect(appendEdits([editOfPaste(clipboard)], [{ kind: 'backspace' }])).toHaveLength(2);
  });

  it('joins typed text and lets Backspace take back a typed character', () => {
    const typed = ['N', 'a', 'x', 'Backspace', 'Enter', 'Backspace', 'K'].map((name) => key(name)!);
    expect(typed.reduce((queue, edit) => appendEdits(queue, [edit]), appendEdits([], []))).toEqual([
      { kind: 'text', text: 'Na' },
      { kind: 'enter' },
      { kind: 'backspace' },
      { kind: 'text', text: 'K' },
    ]);
    // A Backspace with nothing typed before it deletes from the stored text, so it is kept.
    expect(appendEdits([], [{ kind: 'backspace' }, { kind: 'text', text: '🙂' }, { kind: 'backspace' }])).toEqual([{ kind: 'backspace' }]);
  });

  it('shows the stored text with the edits applied, a Backspace at a line start joining the lines', () => {
    const paste: PendingEdit = { kind: 'paste', text: ' edema\r\nNo JVD', html: '', files: [] };
    expect(textWithEdits('BP 120/80', [{ kind: 'text', text: ', HR 72' }, { kind: 'enter' }, { kind: 'text', text: 'no' }, paste])).toBe('BP 120/80, HR 72\nno edema\nNo JVD');
    expect(textWithEdits('Na 134\nK', [{ kind: 'backspace' }, { kind: 'backspace' }, { kind: 'text', text: ', K 4.1' }])).toBe('Na 134, K 4.1');
    expect(textWithEdits('💊', [{ kind: 'backspace' }])).toBe('');
  });
});
