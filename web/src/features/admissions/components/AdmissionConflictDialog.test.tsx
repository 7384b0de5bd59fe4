import { plainTextDeltaString, type Admission, type AdmissionSection } from '@chartside/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../platform/pwa/render-with-mantine';
import { AdmissionConflictDialog, type AdmissionConflict } from './AdmissionConflictDialog';

const section = (id: string, title: string, text: string): AdmissionSection => ({ id, title, body: plainTextDeltaString(text) });

const admission = (sections: AdmissionSection[]): Admission => ({
  id: 'a-1',
  patientId: null,
  version: 7,
  title: 'Admission: chest pain',
  demographics: '67 M',
  sections,
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
});

describe('the admission conflict dialog', () => {
  it('shows both versions of the sections both devices changed, and the choice names their copy', () => {
    const was = [section('hpi', 'HPI', 'Chest pain since 6 am'), section('plan', 'Plan', 'Troponin')];
    const conflict: AdmissionConflict = {
      fields: ['sections'],
      was: { sections: was },
      mine: { sections: [section('hpi', 'HPI', 'Chest pain since 6 am, radiating to the jaw'), was[1]!] },
      theirs: admission([section('hpi', 'HPI', 'Chest pain since 6 am, worse on exertion'), section('plan', 'Plan', 'Troponin, ECG')]),
    };
    const onResolve = vi.fn();
    renderWithMantine(<AdmissionConflictDialog conflict={conflict} onResolve={onResolve} />);
    expect(screen.getByRole('dialog', { name: 'This note changed on another device' })).toBeTruthy();
    expect(screen.getByText('HPI: Chest pain since 6 am, radiating to the jaw')).toBeTruthy();
    expect(screen.getByText('HPI: Chest pain since 6 am, worse on exertion')).toBeTruthy();
    // Only they changed the plan: the choice does not settle it, so it is not shown.
    expect(screen.queryByText(/Troponin/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(onResolve).toHaveBeenCalledWith('mine', 7);
  });
});
