import { defaultResourceFields, type Resource, type TextSection } from '@chartside/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../platform/pwa/render-with-mantine';
import type { ResourceConflict } from '../resource-saver';
import { ResourceConflictDialog } from './ConflictDialog';

const section = (id: string, title: string, text: string): TextSection => ({
  id,
  title,
  deltaString: text,
  editing: false,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
});

const resource = (textSections: TextSection[]): Resource => ({
  ...defaultResourceFields(),
  id: 'r-1',
  version: 4,
  clicks: 0,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T11:00:00.000Z',
  name: 'Hyperkalaemia',
  textSections,
});

describe('the resource conflict dialog', () => {
  it('shows, of the sections, only those both devices changed: the choice settles those alone', () => {
    const was = [section('a', 'Treatment', 'Calcium gluconate'), section('b', 'Monitoring', 'ECG'), section('c', 'Causes', 'Renal failure')];
    const conflict: ResourceConflict = {
      fields: ['textSections'],
      was: { textSections: was },
      mine: { textSections: [section('a', 'Treatment', 'Calcium gluconate 10 ml'), section('b', 'Monitoring', 'ECG, then K+ in 2 h'), was[2]!] },
      theirs: resource([section('a', 'Treatment', 'Insulin and dextrose'), was[1]!, section('c', 'Causes', 'Renal failure, ACE inhibitors')]),
    };
    renderWithMantine(<ResourceConflictDialog conflict={conflict} onResolve={() => undefined} />);
    expect(screen.getByText('Treatment: Calcium gluconate 10 ml')).toBeTruthy();
    expect(screen.getByText('Treatment: Insulin and dextrose')).toBeTruthy();
    expect(screen.queryByText(/Monitoring/)).toBeNull();
    expect(screen.queryByText(/Causes/)).toBeNull();
  });
});
