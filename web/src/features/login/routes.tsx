// The login feature's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { LoginPage } from './pages/LoginPage';

export const loginRoute = { Component: LoginPage } satisfies Partial<RouteObject>;
