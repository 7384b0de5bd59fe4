// RichTextEditor in jsdom: the stored text shows at once as plain text, then the BlockNote chunk takes over with the
// same content under the same accessible name. jsdom has no IntersectionObserver, so the editor mounts at once; the
// lazy mount (near the viewport, or on focus with the keys typed meanwhile kept) runs against a stand-in observer, the
// browser's own being outside our code. (Typing, formatting and pasting in the editor are covered in Chromium.)
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './RichTextEditor';

const stored = JSON.stringify([
  { type: 'heading', props: { level: 2 }, content: [{ type: 'text', text: 'Dose', styles: {} }], children: [] },
  { type: 'paragraph', content: [{ type: 'text', text: '15 mg/kg', styles: { bold: true } }, { type: 'text', text: ' twice a day, *** max', styles: {} }], children: [] },
]);

const renderEditor = (initialContent: string, editable = true, onChange = vi.fn()) =>
  render(
    <MantineProvider>
      <RichTextEditor initialContent={initialContent} editable={editable} label="Dosing text" onChange={onChange} />
    </MantineProvider>,
  );

const fallbackBox = () => screen.getByRole('textbox', { name: 'Dosing text' });
const loadedEditor = () =>
  waitFor(() => screen.getByRole('textbox', { name: 'Dosing text' }).closest<HTMLElement>('[contenteditable]') ?? Promise.reject(new Error('still the fallback')), {
    timeout: 50_000,
  });

/** A stand-in for the browser's IntersectionObserver: nothing is in view until `enterView()` says so. */
const observeViewportByHand = () => {
  const watchers: { callback: IntersectionObserverCallback; observer: IntersectionObserver; targets: Element[] }[] = [];
  class HandObserver {
    private readonly watcher;
    constructor(callback: IntersectionObserverCallback) {
      this.watcher = { callback, observer: this as unknown as IntersectionObserver, targets: [] as Element[] };
      watchers.push(this.watcher);
    }
    observe(target: Element) {
      this.watcher.targets.push(target);
    }
    disconnect() {
      this.watcher.targets = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', HandObserver);
  return {
    enterView: () => {
      for (const { callback, observer, targets } of watchers) {
        const entries = targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
        if (entries.length > 0) callback(entries, observer);
      }
    },
  };
};

describe('RichTextEditor', () => {
  beforeEach(() => {
    // BlockNote's side menu hit-tests the pointer; jsdom has no layout to test against.
    Object.defineProperty(document, 'elementsFromPoint', { configurable: true, writable: true, value: () => [] });
  });

  // First in the file: once the chunk has loaded, React.lazy renders the editor at once.
  it('shows the plain text while the editor loads, then the editor with the stored blocks', { timeout: 60_000 }, async () => {
    renderEditor(stored);
    const fallback = fallbackBox();
    expect(fallback.getAttribute('aria-busy')).toBe('true');
    expect(fallback.getAttribute('aria-multiline')).toBe('true');
    expect(fallback.tabIndex).toBe(0);
    expect(fallback.textContent).toBe('Dose\n15 mg/kg twice a day, *** max');

    const editor = await loadedEditor();
    expect(editor.getAttribute('contenteditable')).toBe('true');
    expect(editor.querySelector('h2')?.textContent).toBe('Dose');
    expect(editor.querySelector('strong')?.textContent).toBe('15 mg/kg');
    expect(screen.queryByLabelText('Dosing text', { selector: '[aria-busy=true]' })).toBeNull();
  });

  it("marks each '***' for the pink highlight", async () => {
    renderEditor(stored);
    const editor = await loadedEditor();
    const marked = [...editor.querySelectorAll('span')].filter((span) => span.textContent === '***');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.className).toMatch(/tripleAsterisks/);
  });

  it('is read-only when not editable', async () => {
    renderEditor(stored, false);
    expect((await loadedEditor()).getAttribute('contenteditable')).toBe('false');
  });

  it('logs text that is not BlockNote JSON and shows it as a paragraph', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderEditor('Old plain note');
    const editor = await loadedEditor();
    expect(editor.querySelector('p')?.textContent).toBe('Old plain note');
    expect(warn).toHaveBeenCalledWith('A rich-text body is not BlockNote JSON; it is shown as plain text');
  });

  it('waits as formatted text, and mounts the editor once the user is using the page and it comes near the viewport', async () => {
    const viewport = observeViewportByHand();
    renderEditor(stored);
    expect(fallbackBox().textContent).toBe('Dose\n15 mg/kg twice a day, *** max');
    expect(fallbackBox().querySelector('strong')?.textContent).toBe('15 mg/kg');
    expect(fallbackBox().getAttribute('aria-busy')).toBe('false');
    // In view, but nobody has moved the pointer or pressed a key yet.
    viewport.enterView();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.querySelector('[contenteditable]')).toBeNull();

    fireEvent.pointerMove(document.body);
    viewport.enterView();
    const editor = await loadedEditor();
    expect(editor.querySelector('h2')?.textContent).toBe('Dose');
    expect(screen.getAllByRole('textbox', { name: 'Dosing text' })).toEqual([editor]);
  });

  it('mounts at once on focus and replays what was typed and pasted meanwhile, then holds the focus', async () => {
    observeViewportByHand();
    const onChange = vi.fn();
    renderEditor(JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text: 'BP 120/80', styles: {} }], children: [] }]), true, onChange);
    const fallback = fallbackBox();
    // All in one act: the keys come before React has mounted the editor, as they do while a browser creates it.
    act(() => {
      fallback.focus();
      // The first Backspace reaches the stored text; the second takes back the typed 'x'.
      for (const key of ['Backspace', '0', ',', ' ', 'H', 'R', ' ', '7', 'x', 'Backspace', '2', 'Shift', 'Enter', 'n', 'o']) fireEvent.keyDown(fallback, { key });
      fireEvent.keyDown(fallback, { key: 'c', ctrlKey: true });
      fireEvent.paste(fallback, { clipboardData: { getData: (type: string) => (type === 'text/plain' ? ' edema\nNo JVD' : ''), files: [] } });
      // Bold on for 'too', then off again.
      fireEvent.keyDown(fallback, { key: ' ' });
      fireEvent.keyDown(fallback, { key: 'b', ctrlKey: true });
      for (const key of ['t', 'o', 'o']) fireEvent.keyDown(fallback, { key });
      fireEvent.keyDown(fallback, { key: 'b', ctrlKey: true });
      fireEvent.keyDown(fallback, { key: '!' });
    });

    const editor = await loadedEditor();
    expect([...editor.querySelectorAll('p')].map((paragraph) => paragraph.textContent)).toEqual(['BP 120/80, HR 72', 'no edema', 'No JVD too!']);
    expect([...editor.querySelectorAll('strong')].map((bold) => bold.textContent)).toEqual(['too']);
    expect(editor.contains(document.activeElement)).toBe(true);
    const saved: unknown = JSON.parse(onChange.mock.lastCall![0] as string);
    expect(JSON.stringify(saved)).toContain('no edema');
  });

  it('mounts at once on a press, with the focus in the editor and the caret at the end', async () => {
    observeViewportByHand();
    renderEditor(stored);
    fireEvent.mouseDown(fallbackBox());
    const editor = await loadedEditor();
    expect(editor.contains(document.activeElement)).toBe(true);
    // The last text node is what follows the highlighted '***'.
    expect(window.getSelection()?.anchorNode?.textContent).toBe(' max');
    expect(window.getSelection()?.anchorOffset).toBe(' max'.length);
  });

  it('mounts at once on a press, with the caret where the press landed; keys typed meanwhile go at the end, where they showed', async () => {
    observeViewportByHand();
    const pressAfter15 = () => {
      // jsdom has no layout: the browser's answer for a press after '15 ' in the second line.
      const bold = within(fallbackBox()).getByText('15 mg/kg').firstChild!;
      Object.defineProperty(document, 'caretPositionFromPoint', { configurable: true, value: () => ({ offsetNode: bold, offset: 3 }) });
      try {
        fireEvent.mouseDown(fallbackBox());
      } finally {
        Reflect.deleteProperty(document, 'caretPositionFromPoint');
      }
    };
    const first = renderEditor(stored);
    act(pressAfter15);
    const editor = await loadedEditor();
    expect(editor.contains(document.activeElement)).toBe(true);
    expect(window.getSelection()?.anchorNode?.textContent).toBe('15 mg/kg');
    expect(window.getSelection()?.anchorOffset).toBe(3);
    first.unmount();

    renderEditor(stored);
    act(() => {
      pressAfter15();
      fireEvent.keyDown(fallbackBox(), { key: '~' });
    });
    expect((await loadedEditor()).querySelector('p')?.textContent).toBe('15 mg/kg twice a day, *** max~');
  });
});
