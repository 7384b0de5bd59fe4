// The bottom time-tracker bar (spec section 4, Time tracker) as a pure state machine: the screen calls `tick` once a
// second and saves the record `toTimeTracking` gives, debounced and every 5 counted seconds.
import type { z } from 'zod';
import { TIME_TRACKER_SAVE_EVERY_SECONDS, type TimeTracking, type TimeTrackingStepId, timeTrackingSteps } from './patient';

export type TrackedStepId = z.infer<typeof TimeTrackingStepId>;

/** The record plus the seconds counted since it was loaded. `tracking.lastActiveStep` is the running step, null when stopped. */
export interface TimeTrackerState {
  tracking: TimeTracking;
  countedSeconds: number;
}

const SECONDS_PER_MINUTE = 60;

/** Every step at zero, none running (spec: if no record exists, one is created). */
export const initialTimeTracking = (now: Date): TimeTracking => ({
  steps: timeTrackingSteps.map(({ id, name }) => ({ id, name, time: 0 })),
  lastActiveStep: null,
  lastUpdated: now.toISOString(),
});

/**
 * The state for a patient's saved record, or a new one when none is saved. The last active step resumes counting.
 * Time while the screen was closed is not added: the tracker counts only what it saw. Steps missing from an older
 * record start at zero, and steps come out in the spec's order.
 */
export const restoreTimeTracker = (saved: TimeTracking | undefined, now: Date): TimeTrackerState => {
  if (!saved) return { tracking: initialTimeTracking(now), countedSeconds: 0 };
  const savedTime = new Map(saved.steps.map((step) => [step.id, step.time]));
  return {
    tracking: {
      steps: timeTrackingSteps.map(({ id, name }) => ({ id, name, time: savedTime.get(id) ?? 0 })),
      lastActiveStep: saved.lastActiveStep,
      lastUpdated: saved.lastUpdated,
    },
    countedSeconds: 0,
  };
};

export const activeStep = (state: TimeTrackerState): TrackedStepId | null => state.tracking.lastActiveStep;

/**
 * Clicking a step starts it; clicking the running step stops it; clicking another step switches to it. Stopping clears
 * `lastActiveStep`, so a tracker saved stopped stays stopped on the next load.
 */
export const clickStep = (state: TimeTrackerState, step: TrackedStepId, now: Date): TimeTrackerState => ({
  ...state,
  tracking: { ...state.tracking, lastActiveStep: state.tracking.lastActiveStep === step ? null : step, lastUpdated: now.toISOString() },
});

/** One second to the running step; nothing changes when none runs. */
export const tick = (state: TimeTrackerState, now: Date): TimeTrackerState => {
  const running = state.tracking.lastActiveStep;
  if (running === null) return state;
  return {
    countedSeconds: state.countedSeconds + 1,
    tracking: {
      ...state.tracking,
      steps: state.tracking.steps.map((step) => (step.id === running ? { ...step, time: step.time + 1 } : step)),
      lastUpdated: now.toISOString(),
    },
  };
};

/** True on every 5th counted second (spec: saves are also made every 5 counted seconds). */
export const shouldSaveAfterTick = (state: TimeTrackerState): boolean =>
  state.tracking.lastActiveStep !== null && state.countedSeconds > 0 && state.countedSeconds % TIME_TRACKER_SAVE_EVERY_SECONDS === 0;

/** The record to save. */
export const toTimeTracking = (state: TimeTrackerState): TimeTracking => state.tracking;

export const totalSeconds = (tracking: TimeTracking): number => tracking.steps.reduce((sum, step) => sum + step.time, 0);

/**
 * mm:ss, minutes at least two digits. Past an hour the minutes keep counting ('75:03'), so the bar never changes
 * width or format mid-visit. Negative or fractional input counts whole seconds from zero.
 */
export const formatElapsed = (seconds: number): string => {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const minutes = Math.floor(whole / SECONDS_PER_MINUTE);
  const rest = whole % SECONDS_PER_MINUTE;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
};
