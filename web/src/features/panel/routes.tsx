// This feature's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { PanelPage } from './pages/PanelPage';

export const panelRoute = { Component: PanelPage } satisfies Partial<RouteObject>;
