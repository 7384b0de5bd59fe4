// The resource library's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { ResourcePage } from './pages/ResourcePage';
import { ResourcesPage } from './pages/ResourcesPage';

export const resourcesRoute = { Component: ResourcesPage } satisfies Partial<RouteObject>;
export const resourceRoute = { Component: ResourcePage } satisfies Partial<RouteObject>;
