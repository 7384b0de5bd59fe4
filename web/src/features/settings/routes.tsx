// The settings feature's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { SettingsPage } from './pages/SettingsPage';

export const settingsRoute = { Component: SettingsPage } satisfies Partial<RouteObject>;
