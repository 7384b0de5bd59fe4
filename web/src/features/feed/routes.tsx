// This feature's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { FeedPage } from './pages/FeedPage';
import { FeedSettingsPage } from './pages/FeedSettingsPage';

export const feedRoute = { Component: FeedPage } satisfies Partial<RouteObject>;
export const feedSettingsRoute = { Component: FeedSettingsPage } satisfies Partial<RouteObject>;
