import { describe, expect, it } from 'vitest';
import { TimeTracking } from './patient';
import {
  activeStep, clickStep, formatElapsed, initialTimeTracking, restoreTimeTracker, shouldSaveAfterTick, tick,
  type TimeTrackerState, toTimeTracking, totalSeconds,
} from './time-tracker';

const t0 = new Date('2026-03-10T14:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const fresh = () => restoreTimeTracker(undefined, t0);
const ticks = (state: TimeTrackerState, count: number) => {
  let next = state;
  for (let i = 1; i <= count; i++) next = tick(next, at(i));
  return next;
};
const times = (state: TimeTrackerState) => Object.fromEntries(state.tracking.steps.map((s) => [s.id, s.time]));

describe('initialTimeTracking', () => {
  it('has the five steps at zero, none active, and is a valid record', () =>
    expect(TimeTracking.parse(initialTimeTracking(t0))).toEqual({
      steps: [
        { id: 'prerounding', name: 'Prerounding', time: 0 },
        { id: 'visit', name: 'Visit', time: 0 },
        { id: 'precepting', name: 'Precepting', time: 0 },
        { id: 'closure', name: 'Closure', time: 0 },
        { id: 'post', name: 'Post', time: 0 },
      ],
      lastActiveStep: null,
      lastUpdated: '2026-03-10T14:00:00.000Z',
    }));
});

describe('clickStep and tick', () => {
  it('counts nothing while no step is active', () => expect(ticks(fresh(), 3)).toEqual(fresh()));

  it('starts, counts a second per tick, switches, and stops', () => {
    let state = clickStep(fresh(), 'visit', t0);
    expect(activeStep(state)).toBe('visit');
    state = ticks(state, 3);
    state = clickStep(state, 'precepting', at(3));
    expect(activeStep(state)).toBe('precepting');
    state = ticks(state, 2);
    state = clickStep(state, 'precepting', at(5));
    expect(activeStep(state)).toBeNull();
    state = ticks(state, 4);
    expect(times(state)).toEqual({ prerounding: 0, visit: 3, precepting: 2, closure: 0, post: 0 });
    expect(totalSeconds(state.tracking)).toBe(5);
    expect(TimeTracking.safeParse(toTimeTracking(state)).success).toBe(true);
  });

  it('records when it last changed', () => {
    const state = tick(clickStep(fresh(), 'post', at(10)), at(11));
    expect(state.tracking.lastUpdated).toBe(at(11).toISOString());
  });
});

describe('shouldSaveAfterTick', () => {
  it('is true on every 5th counted second, across switches', () => {
    let state = clickStep(fresh(), 'prerounding', t0);
    const saves: number[] = [];
    for (let second = 1; second <= 12; second++) {
      if (second === 4) state = clickStep(state, 'visit', at(second));
      state = tick(state, at(second));
      if (shouldSaveAfterTick(state)) saves.push(second);
    }
    expect(saves).toEqual([5, 10]);
  });

  it('is false before any tick and after stopping', () => {
    expect(shouldSaveAfterTick(clickStep(fresh(), 'visit', t0))).toBe(false);
    const five = ticks(clickStep(fresh(), 'visit', t0), 5);
    expect(shouldSaveAfterTick(five)).toBe(true);
    expect(shouldSaveAfterTick(clickStep(five, 'visit', at(5)))).toBe(false);
  });
});

describe('restoreTimeTracker', () => {
  const saved: TimeTracking = {
    steps: [
      { id: 'visit', name: 'Visit', time: 610 },
      { id: 'prerounding', name: 'Prerounding', time: 95 },
    ],
    lastActiveStep: 'visit',
    lastUpdated: '2026-03-10T13:40:00.000Z',
  };

  it('creates a record when none is saved', () => expect(fresh().tracking).toEqual(initialTimeTracking(t0)));

  it('restores the times, fills missing steps in order, and resumes the last active step', () => {
    const state = restoreTimeTracker(saved, t0);
    expect(times(state)).toEqual({ prerounding: 95, visit: 610, precepting: 0, closure: 0, post: 0 });
    expect(state.tracking.steps.map((s) => s.id)).toEqual(['prerounding', 'visit', 'precepting', 'closure', 'post']);
    expect(activeStep(state)).toBe('visit');
    expect(times(tick(state, at(1))).visit).toBe(611);
  });

  it('does not count the time the screen was closed', () => expect(times(restoreTimeTracker(saved, at(3600))).visit).toBe(610));

  it('stays stopped when it was saved stopped', () => expect(ticks(restoreTimeTracker({ ...saved, lastActiveStep: null }, t0), 3).tracking.steps).toEqual(
    restoreTimeTracker(saved, t0).tracking.steps,
  ));
});

describe('formatElapsed', () => {
  it.each([
    [0, '00:00'],
    [7, '00:07'],
    [59, '00:59'],
    [60, '01:00'],
    [754, '12:34'],
    [3599, '59:59'],
    [3600, '60:00'],
    [4503, '75:03'],
    [6000 * 60 + 1, '6000:01'],
    [12.9, '00:12'],
    [-5, '00:00'],
    [Number.NaN, '00:00'],
  ])('%d seconds -> %s', (seconds, want) => expect(formatElapsed(seconds)).toBe(want));
});
