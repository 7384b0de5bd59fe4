// The presentation routes, loaded lazily by the app's route table: the bundled deck and any resource as a deck.
import type { RouteObject } from 'react-router';
import { MedEdPage } from './pages/MedEdPage';
import { ResourcePresentationPage } from './pages/ResourcePresentationPage';

export const presentationRoute = { Component: MedEdPage } satisfies Partial<RouteObject>;
export const resourcePresentationRoute = { Component: ResourcePresentationPage } satisfies Partial<RouteObject>;
