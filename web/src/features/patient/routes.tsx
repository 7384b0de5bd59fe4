// This feature's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { PatientPage } from './pages/PatientPage';

export const patientRoute = { Component: PatientPage } satisfies Partial<RouteObject>;
