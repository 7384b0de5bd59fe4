// The updater's state as React state.
import { useSyncExternalStore } from 'react';
import type { AppUpdater, AppUpdateState } from './app-updater';

export const useAppUpdate = (updater: AppUpdater): AppUpdateState =>
  useSyncExternalStore(updater.subscribe, updater.getState, updater.getState);
