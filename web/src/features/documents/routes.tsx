// The Documents feature's routes, loaded lazily by the app's route table.
import type { RouteObject } from 'react-router';
import { DocumentPage } from './pages/DocumentPage';
import { DocumentsPage } from './pages/DocumentsPage';

export const documentsRoute = { Component: DocumentsPage } satisfies Partial<RouteObject>;
export const documentRoute = { Component: DocumentPage } satisfies Partial<RouteObject>;
