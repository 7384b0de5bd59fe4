// The Templates page's route, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { TemplatesPage } from './pages/TemplatesPage';

export const templatesRoute = { Component: TemplatesPage } satisfies Partial<RouteObject>;
