// The admin feature's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { FileCleanerPage } from './pages/FileCleanerPage';

export const fileCleanerRoute = { Component: FileCleanerPage } satisfies Partial<RouteObject>;
