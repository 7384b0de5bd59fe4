// The home feature's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { HomePage } from './pages/HomePage';

export const homeRoute = { Component: HomePage } satisfies Partial<RouteObject>;
