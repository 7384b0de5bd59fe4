// The admission notes' routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { AdmissionPage } from './pages/AdmissionPage';
import { AdmissionsPage } from './pages/AdmissionsPage';

export const admissionsRoute = { Component: AdmissionsPage } satisfies Partial<RouteObject>;
export const admissionRoute = { Component: AdmissionPage } satisfies Partial<RouteObject>;
