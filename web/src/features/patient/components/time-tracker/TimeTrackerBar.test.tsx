// The time-tracker bar on the FakeApi with fake timers (the clock is the test's): restore and resume, start, tick,
// switch and stop, the saves (1 s after a click, every 5 counted seconds, on leaving), hidden times, and a load error
// that is only logged.
import type { TimeTracking } from '@chartside/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeApi, type FakeApiState } from '../../../../test/fake-api';
import { userDocument } from '../../../../test/fixtures';
import { renderPatientPart } from '../../../../test/render-patient-part';
import { installSignedInBrowser } from '../../../../test/signed-in-browser';
import { TimeTrackerBar } from './TimeTrackerBar';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const T0 = '2026-01-05T08:00:00.000Z';
const steps = (times: Partial<Record<string, number>> = {}) =>
  (['Prerounding', 'Visit', 'Precepting', 'Closure', 'Post'] as const).map((name) => ({ id: name.toLowerCase() as 'visit', name, time: times[name.toLowerCase()] ?? 0 }));
const record = (times: Partial<Record<string, number>> = {}, lastActiveStep: TimeTracking['lastActiveStep'] = null): TimeTracking => ({
  steps: steps(times),
  lastActiveStep,
  lastUpdated: T0,
});

let api: FakeApi & { state: FakeApiState };
let stored: TimeTracking;

beforeEach(() => {
  stored = record();
  api = installSignedInBrowser({ me: userDocument({ showTimeTracker: true, showTimeTrackerTimes: true }) });
  api.on('GET', '/patients/{patientId}/time-tracking', () => stored).on('PUT', '/patients/{patientId}/time-tracking', (request) => {
    stored = request.body as TimeTracking;
    return stored;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const puts = () => api.calls('PUT', '/patients/p-1/time-tracking').map((request) => request.body as TimeTracking);
const timeOf = (tracking: TimeTracking, id: string) => tracking.steps.find((step) => step.id === id)?.time;

/** Renders the bar, waits for its record (and the user's settings, when they show the times), then hands the clock to the test. */
const openBar = async ({ times = true } = {}) => {
  const view = renderPatientPart(<TimeTrackerBar patientId="p-1" />);
  const bar = await screen.findByRole('region', { name: 'Time tracker' });
  await within(bar).findByRole('button', { name: 'Visit' });
  if (times) await within(bar).findByText(/^Total/);
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  return { ...view, bar, step: (name: string) => within(bar).getByRole('button', { name }) };
};

const seconds = (count: number) => act(() => vi.advanceTimersByTimeAsync(count * 1_000));

describe('TimeTrackerBar', () => {
  it('shows the five steps at 00:00 and a total when nothing is saved', async () => {
    const { bar } = await openBar();
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['Prerounding00:00', 'Visit00:00', 'Precepting00:00', 'Closure00:00', 'Post00:00']);
    expect(within(bar).getByText('Total 00:00')).toBeTruthy();
    expect(within(bar).getAllByRole('button').every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
  });

  it('counts the clicked step one second per tick and saves every 5 counted seconds', async () => {
    const { step, bar } = await openBar();
    fireEvent.click(step('Visit'));
    expect(step('Visit').getAttribute('aria-pressed')).toBe('true');
    await seconds(3);
    expect(step('Visit').textContent).toBe('Visit00:03');
    // The click's debounced save (1 s) went out with the step running.
    expect(puts().map((p) => [p.lastActiveStep, timeOf(p, 'visit')])[0]).toEqual(['visit', expect.any(Number)]);
    const before = puts().length;
    await seconds(2);
    expect(puts()).toHaveLength(before + 1);
    expect(timeOf(puts().at(-1)!, 'visit')).toBe(5);
    expect(within(bar).getByText('Total 00:05')).toBeTruthy();
  });

  it('switches to another step, and stops when the running step is clicked again; the stop is saved 1 s later', async () => {
    const { step } = await openBar();
    fireEvent.click(step('Prerounding'));
    await seconds(2);
    fireEvent.click(step('Visit'));
    expect(step('Prerounding').getAttribute('aria-pressed')).toBe('false');
    expect(step('Visit').getAttribute('aria-pressed')).toBe('true');
    await seconds(3);
    fireEvent.click(step('Visit'));
    expect(step('Visit').getAttribute('aria-pressed')).toBe('false');
    await seconds(3);
    expect(step('Prerounding').textContent).toBe('Prerounding00:02');
    expect(step('Visit').textContent).toBe('Visit00:03');
    expect(puts().at(-1)).toMatchObject({ lastActiveStep: null });
    expect([timeOf(puts().at(-1)!, 'prerounding'), timeOf(puts().at(-1)!, 'visit')]).toEqual([2, 3]);
  });

  it('restores the saved times and resumes the last active step', async () => {
    stored = record({ prerounding: 125, visit: 65 }, 'visit');
    // The resumed step starts ticking as the bar opens: the test's clock must already count the ticks.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { step, bar } = await openBar();
    expect(step('Prerounding').textContent).toBe('Prerounding02:05');
    expect(step('Visit').getAttribute('aria-pressed')).toBe('true');
    await seconds(2);
    expect(step('Visit').textContent).toBe('Visit01:07');
    expect(within(bar).getByText('Total 03:12')).toBeTruthy();
  });

  it('saves what is not saved yet when the screen closes', async () => {
    const { step, unmount } = await openBar();
    fireEvent.click(step('Closure'));
    await seconds(2);
    const before = puts().length;
    unmount();
    await seconds(0.1);
    expect(puts()).toHaveLength(before + 1);
    expect(puts().at(-1)).toMatchObject({ lastActiveStep: 'closure' });
    expect(timeOf(puts().at(-1)!, 'closure')).toBe(2);
  });

  it('hides the times when showTimeTrackerTimes is off, and still counts', async () => {
    api.state.me = userDocument({ showTimeTracker: true, showTimeTrackerTimes: false });
    const { step, bar } = await openBar({ times: false });
    fireEvent.click(step('Post'));
    await seconds(5);
    expect(step('Post').textContent).toBe('Post');
    expect(within(bar).queryByText(/^Total/)).toBeNull();
    expect(timeOf(puts().at(-1)!, 'post')).toBe(5);
  });

  it('only logs a load error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.on('GET', '/patients/{patientId}/time-tracking', () => apiError(500, 'internal', 'Something went wrong on our side.'));
    renderPatientPart(<TimeTrackerBar patientId="p-1" />);
    const bar = await screen.findByRole('region', { name: 'Time tracker' });
    expect(await within(bar).findByText('Time tracking is not available.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('The time tracking could not be loaded', expect.anything());
  });
});
