// The sessions feature's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { SessionsPage } from './pages/SessionsPage';

export const sessionsRoute = { Component: SessionsPage } satisfies Partial<RouteObject>;
