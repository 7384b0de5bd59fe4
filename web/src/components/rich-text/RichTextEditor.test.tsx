// RichTextEditor in jsdom: the stored text shows at once as plain text, then the BlockNote chunk takes over with the
// same content under the same accessible name. (Typing, formatting and pasting are covered in Chromium.)
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './RichTextEditor';

const stored = JSON.stringify([
  { type: 'heading', props: { level: 2 }, content: [{ type: 'text', text: 'Dose', styles: {} }], children: [] },
  { type: 'paragraph', content: [{ type: 'text', text: '15 mg/kg', styles: { bold: true } }, { type: 'text', text: ' twice a day, *** max', styles: {} }], children: [] },
]);

const renderEditor = (initialContent: string, editable = true) =>
  render(
    <MantineProvider>
      <RichTextEditor initialContent={initialContent} editable={editable} label="Dosing text" onChange={vi.fn()} />
    </MantineProvider>,
  );

const loadedEditor = () => waitFor(() => screen.getByRole('textbox', { name: 'Dosing text' }), { timeout: 50_000 });

describe('RichTextEditor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // BlockNote's side menu hit-tests the pointer; jsdom has no layout to test against.
    Object.defineProperty(document, 'elementsFromPoint', { configurable: true, writable: true, value: () => [] });
  });

  // First in the file: once the chunk has loaded, React.lazy renders the editor at once.
  it('shows the plain text while the editor loads, then the editor with the stored blocks', { timeout: 60_000 }, async () => {
    renderEditor(stored);
    const fallback = screen.getByLabelText('Dosing text');
    expect(fallback.getAttribute('aria-busy')).toBe('true');
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
});
