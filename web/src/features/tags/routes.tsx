// The tag manager's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { TagsPage } from './pages/TagsPage';

export const tagsRoute = { Component: TagsPage } satisfies Partial<RouteObject>;
