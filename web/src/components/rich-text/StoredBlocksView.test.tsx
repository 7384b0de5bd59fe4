// StoredBlocksView in jsdom: a stored rich text laid out without an editor, its text one line per block as before.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StoredBlocksView } from './StoredBlocksView';

const text = (value: string, styles: Record<string, unknown> = {}) => ({ type: 'text', text: value, styles });

const view = (stored: string) =>
  render(
    <MantineProvider>
      <div data-testid="box">
        <StoredBlocksView stored={stored} />
      </div>
    </MantineProvider>,
  ).container.querySelector<HTMLElement>('[data-testid="box"]')!;

describe('StoredBlocksView', () => {
  it('lays out headings, lists, check boxes, nesting and inline styles, its text one line per block', () => {
    const box = view(
      JSON.stringify([
        { type: 'heading', props: { level: 2 }, content: [text('Plan')], children: [] },
        { type: 'numberedListItem', content: [text('Furosemide '), text('40 mg', { bold: true })], children: [{ type: 'bulletListItem', content: [text('daily weights', { italic: true })], children: [] }] },
        { type: 'numberedListItem', content: [text('Recheck K', { textColor: 'red' })], children: [] },
        { type: 'checkListItem', props: { checked: true }, content: [text('Echo')], children: [] },
        { type: 'paragraph', content: [{ type: 'link', href: 'https://example.org', content: [text('guideline')] }], children: [] },
      ]),
    );
    expect(box.textContent).toBe('Plan\nFurosemide 40 mg\ndaily weights\nRecheck K\nEcho\nguideline');
    const blocks = [...box.querySelectorAll('[data-type]')];
    expect(blocks.map((block) => [block.getAttribute('data-type'), block.getAttribute('data-mark')])).toEqual([
      ['heading', null],
      ['numberedListItem', '1.'],
      ['bulletListItem', '◦'],
      ['numberedListItem', '2.'],
      ['checkListItem', '☑'],
      ['paragraph', null],
    ]);
    expect(blocks[0]!.getAttribute('data-level')).toBe('2');
    expect(box.querySelector('strong')?.textContent).toBe('40 mg');
    expect(box.querySelector('em')?.textContent).toBe('daily weights');
    expect(box.querySelector<HTMLElement>('[style*="red"]')?.textContent).toBe('Recheck K');
    // Every block with text is a line the caret can be put on, in document order.
    expect([...box.querySelectorAll('[data-textblock]')].map((line) => line.textContent)).toEqual(['Plan', 'Furosemide 40 mg', 'daily weights', 'Recheck K', 'Echo', 'guideline']);
  });

  it('shows a table by its cells, and a file by its name, neither as a line of text', () => {
    const box = view(
      JSON.stringify([
        { type: 'table', content: { type: 'tableContent', rows: [{ cells: [[text('Na')], { type: 'tableCell', content: [text('138')] }] }] }, children: [] },
        { type: 'image', props: { name: 'ecg.png', caption: 'ECG on admission' }, children: [] },
      ]),
    );
    expect([...box.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Na', '138']);
    expect(box.textContent).toContain('ecg.png · ECG on admission');
    expect(box.querySelectorAll('[data-textblock]')).toHaveLength(0);
  });

  it('shows text that is not BlockNote JSON line by line, and nothing for an empty body', () => {
    expect([...view('Line one\nLine two').querySelectorAll('[data-textblock]')].map((line) => line.textContent)).toEqual(['Line one', 'Line two']);
    expect(view('').textContent).toBe('');
  });
});
