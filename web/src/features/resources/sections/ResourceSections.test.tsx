// ResourceSections in jsdom, held by a page-like parent that keeps the list: add, name, remove, reorder by keyboard.
import type { TextSection } from '@chartside/shared';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceSections } from './ResourceSections';
import { pressDragKey } from '../../../test/keyboard-drag';

const T0 = '2026-01-01T00:00:00.000Z';
const section = (id: string, title: string, text = ''): TextSection => ({
  id,
  title,
  deltaString: text ? JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]) : '',
  editing: false,
  createdAt: T0,
  updatedAt: T0,
});

type OnChange = (sections: TextSection[], options: { immediate: boolean }) => void;

/** Holds the current list as the page's saver does: each update applies to it, not to the last render's props. */
function Page({ initial, editable, onChange }: { initial: TextSection[]; editable: boolean; onChange: OnChange }) {
  const [sections, setSections] = useState(initial);
  const current = useRef(initial);
  return (
    <MantineProvider>
      <ResourceSections
        sections={sections}
        editable={editable}
        onChange={(update, options) => {
          current.current = update(current.current);
          setSections(current.current);
          onChange(current.current, options);
        }}
      />
    </MantineProvider>
  );
}

/** Renders the sections and waits for their rich-text editors (a lazy chunk) to replace the plain-text fallbacks. */
const renderSections = async (initial: TextSection[], editable = true) => {
  const onChange = vi.fn<OnChange>();
  render(<Page initial={initial} editable={editable} onChange={onChange} />);
  await waitFor(() => expect(screen.queryAllByRole('textbox', { name: /^Section \d+ text$/ })).toHaveLength(initial.length), { timeout: 10_000 });
  return onChange;
};

const toc = () => within(screen.getByRole('navigation', { name: 'Table of Contents' }));
const tocLabels = () => toc().getAllByRole('listitem').map((item) => item.textContent);
const lastCall = (onChange: ReturnType<typeof vi.fn<OnChange>>) => onChange.mock.calls.at(-1)!;

// jsdom lays nothing out; dnd-kit's keyboard sensor needs boxes to move between. Each entry of the Table of Contents
// gets a 40 px row by its place in the list, shifted by its inline transform as a browser would (the browser test
// drags on real layout).
const layOutTocRows = () =>
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const entry = this.closest('li');
    const index = entry?.parentElement ? [...entry.parentElement.children].indexOf(entry) : 0;
    const shift = Number(/translate3d\([^,]+,\s*(-?[\d.]+)px/.exec(entry?.style.transform ?? '')?.[1] ?? 0);
    return DOMRect.fromRect({ x: 0, y: index * 40 + shift, width: 240, height: 40 });
  });

describe('ResourceSections', () => {
  // The editor chunk is big: load it once, outside every test's time budget.
  beforeAll(() => import('../../../components/rich-text/BlockNoteRichText'), 60_000);
  beforeEach(() => {
    // Browser layout APIs jsdom lacks: scrolling (the Table of Contents), hit-testing (BlockNote's side menu).
    Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: vi.fn() });
    Object.defineProperty(document, 'elementsFromPoint', { configurable: true, writable: true, value: () => [] });
  });
  afterEach(() => vi.restoreAllMocks());

  it("lists the sections in order in the Table of Contents, an untitled one as 'Section N'", async () => {
    await renderSections([section('a', 'Indications'), section('b', ''), section('c', 'Dosing'), section('d', '  ')]);
    expect(tocLabels()).toEqual(['Indications', 'Section 2', 'Dosing', 'Section 4']);
    const titles = screen.getAllByPlaceholderText('Section Title') as HTMLInputElement[];
    expect(titles.map((input) => input.value)).toEqual(['Indications', '', 'Dosing', '  ']);
    expect(within(screen.getByRole('region', { name: 'Content Sections (4)' })).getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(['Indications', 'Section 2', 'Dosing', 'Section 4']);
  });

  it("adds an empty section at the top and at the bottom with 'Add Section', and focuses its title", async () => {
    const onChange = await renderSections([section('a', 'Middle')]);
    await userEvent.click(screen.getByRole('button', { name: 'Add Section at the top' }));
    const [afterTop, topOptions] = lastCall(onChange);
    expect(topOptions).toEqual({ immediate: false });
    expect(afterTop.map((s) => s.title)).toEqual(['', 'Middle']);
    expect(afterTop[0]).toMatchObject({ title: '', deltaString: '', editing: false });
    expect(afterTop[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Section 1 title' })));

    await userEvent.click(screen.getByRole('button', { name: 'Add Section at the bottom' }));
    const [afterBottom] = lastCall(onChange);
    expect(afterBottom.map((s) => s.title)).toEqual(['', 'Middle', '']);
    expect(new Set(afterBottom.map((s) => s.id)).size).toBe(3);
    expect(tocLabels()).toEqual(['Section 1', 'Middle', 'Section 3']);
  });

  it('offers one Add Section when there are none', async () => {
    await renderSections([]);
    expect(screen.getAllByRole('button', { name: /^Add Section/ })).toHaveLength(1);
    expect(screen.getByText('No sections yet.')).toBeTruthy();
  });

  it('types a title as a debounced change that moves updatedAt and renames the Table of Contents entry', async () => {
    const onChange = await renderSections([section('a', ''), section('b', 'Other')]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Section 1 title' }), 'Renal');
    const [sections, options] = lastCall(onChange);
    expect(options).toEqual({ immediate: false });
    expect(sections[0]).toMatchObject({ id: 'a', title: 'Renal', createdAt: T0 });
    expect(sections[0]!.updatedAt).not.toBe(T0);
    expect(sections[1]).toEqual(section('b', 'Other'));
    expect(tocLabels()).toEqual(['Renal', 'Other']);
  });

  it('removes an empty section at once, as an immediate save', async () => {
    const onChange = await renderSections([section('a', 'Keep'), section('b', '')]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove section 2' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lastCall(onChange)).toEqual([[section('a', 'Keep')], { immediate: true }]);
    expect(tocLabels()).toEqual(['Keep']);
  });

  it('asks before removing a section with content, and keeps it on Cancel', async () => {
    const onChange = await renderSections([section('a', 'Dosing', '5 mg/kg'), section('b', 'Other')]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove section 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this section?' });
    expect(within(dialog).getByText('"Dosing" and its text will be removed.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove section 1' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove this section?' })).getByRole('button', { name: 'Remove' }));
    expect(lastCall(onChange)).toEqual([[section('b', 'Other')], { immediate: true }]);
    expect(tocLabels()).toEqual(['Other']);
  });

  // Upward moves only: jsdom's document reports no scroll room, and dnd-kit then scrolls instead of moving down.
  // The browser test moves sections down (and up) on a real layout.
  it.each([
    ['Section 2', 'ArrowUp', ['b', 'a', 'c'], ['Section 1', 'First', 'Third'], 'Section 2 dropped at position 1 of 3.'],
    ['Third', 'ArrowUp', ['a', 'c', 'b'], ['First', 'Third', 'Section 3'], 'Third dropped at position 2 of 3.'],
  ])('reorders with the keyboard: Space lifts %s, %s moves it, Space drops; the new order is an immediate save', async (name, arrow, wantIds, wantLabels, announced) => {
    layOutTocRows();
    const sections = [section('a', 'First'), section('b', ''), section('c', 'Third')];
    const onChange = await renderSections(sections);
    const handle = toc().getByRole('button', { name: `Move ${name}` });
    handle.focus();
    await pressDragKey(handle, 'Space');
    expect(screen.getByRole('status').textContent).toMatch(new RegExp(`^${name} moved to position \\d of 3\\.$`));
    await pressDragKey(document, arrow);
    await pressDragKey(document, 'Space');

    const byId = new Map(sections.map((s) => [s.id, s]));
    expect(lastCall(onChange)).toEqual([wantIds.map((id) => byId.get(id)), { immediate: true }]);
    expect(tocLabels()).toEqual(wantLabels);
    expect(screen.getByRole('status').textContent).toBe(announced);
  });

  it('cancels a keyboard move with Escape', async () => {
    layOutTocRows();
    const onChange = await renderSections([section('a', 'First'), section('b', 'Second')]);
    const handle = toc().getByRole('button', { name: 'Move First' });
    handle.focus();
    await pressDragKey(handle, 'Space');
    await pressDragKey(document, 'ArrowDown');
    await pressDragKey(document, 'Escape');
    expect(onChange).not.toHaveBeenCalled();
    expect(tocLabels()).toEqual(['First', 'Second']);
  });

  it('scrolls to a section and focuses its title when its entry is clicked', async () => {
    await renderSections([section('a', 'First'), section('b', ''), section('c', 'Third')]);
    await userEvent.click(toc().getByRole('button', { name: 'Section 2' }));
    const target = screen.getByRole('region', { name: 'Section 2' });
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toEqual([target]);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Section 2 title' }));
  });

  it('shows titles and text without edit controls in view mode', async () => {
    await renderSections([section('a', 'Dosing', '5 mg/kg'), section('b', '')], false);
    expect(screen.queryByRole('button', { name: /^Add Section/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(screen.queryByPlaceholderText('Section Title')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dosing' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Section 2' })).toBeTruthy();
    expect(await screen.findByText('5 mg/kg')).toBeTruthy();
    await userEvent.click(toc().getByRole('button', { name: 'Dosing' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dosing' }));
  });
  it('keeps both of two edits made before the next render (each applies to the current list, not the props)', async () => {
    const onChange = await renderSections([section('a', ''), section('b', '')]);
    const [first, second] = screen.getAllByPlaceholderText('Section Title');
    act(() => {
      fireEvent.change(first!, { target: { value: 'Indications' } });
      fireEvent.change(second!, { target: { value: 'Dosing' } });
    });
    expect(lastCall(onChange)[0].map((s) => s.title)).toEqual(['Indications', 'Dosing']);
    expect(tocLabels()).toEqual(['Indications', 'Dosing']);
  });

  it('shows a section’s text changed elsewhere (another device, a conflict choice) in its open editor', async () => {
    const props = { editable: true, onChange: vi.fn() };
    const view = render(
      <MantineProvider>
        <ResourceSections sections={[section('a', 'Dosing', '5 mg/kg')]} {...props} />
      </MantineProvider>,
    );
    expect(await screen.findByText('5 mg/kg', {}, { timeout: 10_000 })).toBeTruthy();
    view.rerender(
      <MantineProvider>
        <ResourceSections sections={[section('a', 'Dosing', '10 mg/kg from the other device')]} {...props} />
      </MantineProvider>,
    );
    expect(await screen.findByText('10 mg/kg from the other device', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('5 mg/kg')).toBeNull();
  });
});
