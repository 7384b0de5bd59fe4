// The playground's route, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { PlaygroundPage } from './pages/PlaygroundPage';

export const playgroundRoute = { Component: PlaygroundPage } satisfies Partial<RouteObject>;
