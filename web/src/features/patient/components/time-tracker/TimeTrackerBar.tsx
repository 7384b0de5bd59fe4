// The bottom time-tracker bar (spec: Time tracker). Click a step to start it, again to stop it, another to switch; the
// running step counts one second per tick. Saves are debounced by 1 s after a click and made every 5 counted seconds,
// and once more when the screen closes. On load the saved steps come back and the last active step resumes. Load and
// save failures are only logged (spec: error catalogue).
//
// Last write wins per patient: the record is saved whole, so a tracker running on a second device overwrites this
// one's times (and the other way round). The record has no version to merge on, and one clinician tracks one visit at
// a time, so this is accepted.
import {
  TIME_TRACKER_SAVE_DEBOUNCE_MS,
  clickStep,
  formatElapsed,
  restoreTimeTracker,
  shouldSaveAfterTick,
  tick,
  toTimeTracking,
  totalSeconds,
  type TimeTracking,
  type TimeTrackerState,
  type TrackedStepId,
} from '@chartside/shared';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../../platform/platform-context';
import { useMe } from '../../../../platform/user-document';
import { saveTimeTracking, useTimeTracking } from './time-tracking-queries';
import classes from './time-tracker.module.css';

const TICK_MS = 1_000;

export const TimeTrackerBar = memo(function TimeTrackerBar({ patientId }: { patientId: string }) {
  const saved = useTimeTracking(patientId);
  // A copy from the persisted cache may be older than another device's save: count from the server's answer, or from
  // the copy when none can come (offline, or the request failed).
  const ready = saved.data !== undefined && (saved.isFetchedAfterMount || saved.fetchStatus !== 'fetching');
  const error = saved.error;
  useEffect(() => {
    if (error) console.error('The time tracking could not be loaded', error);
  }, [error]);

  return (
    <>
      {/* Keeps the page's last content above the fixed bar. */}
      <div className={classes.spacer} aria-hidden />
      <Paper component="section" aria-label="Time tracker" className={classes.bar} shadow="md" withBorder>
        {ready ? (
          <Tracker patientId={patientId} saved={saved.data} />
        ) : (
          <Text size="sm" c="dimmed">
            {saved.isError ? 'Time tracking is not available.' : 'Loading time tracking…'}
          </Text>
        )}
      </Paper>
    </>
  );
});

function Tracker({ patientId, saved }: { patientId: string; saved: TimeTracking }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const showTimes = useMe().data?.showTimeTrackerTimes ?? false;
  const [state, setState] = useState<TimeTrackerState>(() => restoreTimeTracker(saved, new Date()));
  const running = state.tracking.lastActiveStep;
  // What the last save sent, and the latest state, for the save on a timer or on leaving.
  const latest = useRef(state);
  const lastSaved = useRef<TimeTracking>(state.tracking);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);

  const save = (keepalive = false) => {
    clearTimeout(debounce.current);
    const tracking = toTimeTracking(latest.current);
    if (tracking === lastSaved.current) return;
    lastSaved.current = tracking;
    saveTimeTracking(api, queryClient, patientId, tracking, keepalive).catch((failure: unknown) => console.error('The time tracking could not be saved', failure));
  };
  const saveRef = useRef(save);

  useEffect(() => {
    latest.current = state;
    saveRef.current = save;
  });

  // One tick a second while a step runs.
  useEffect(() => {
    if (running === null) return;
    const timer = setInterval(() => setState((current) => tick(current, new Date())), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  // Every 5 counted seconds.
  useEffect(() => {
    if (shouldSaveAfterTick(state)) saveRef.current();
  }, [state]);

  // Leaving the patient (or the page) saves what is not saved yet.
  useEffect(() => {
    const onPageHide = () => saveRef.current(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      saveRef.current(true);
    };
  }, []);

  const onClick = (step: TrackedStepId) => {
    const next = clickStep(state, step, new Date());
    setState(next);
    latest.current = next;
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => saveRef.current(), TIME_TRACKER_SAVE_DEBOUNCE_MS);
  };

  return (
    <Group gap="xs" justify="center" wrap="wrap">
      {state.tracking.steps.map((step) => {
        const active = step.id === running;
        return (
          <Button
            key={step.id}
            size="compact-sm"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            aria-label={step.name}
            onClick={() => onClick(step.id)}
          >
            {step.name}
            {showTimes && <span className={classes.time}>{formatElapsed(step.time)}</span>}
          </Button>
        );
      })}
      {showTimes && (
        <Text size="sm" fw={600}>
          Total {formatElapsed(totalSeconds(state.tracking))}
        </Text>
      )}
    </Group>
  );
}
