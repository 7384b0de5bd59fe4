// This feature's routes, loaded lazily by the app's route table: /chat and /chat/:chatSessionId.
import type { RouteObject } from 'react-router';
import { ChatPage } from './pages/ChatPage';

export const chatRoute = { Component: ChatPage } satisfies Partial<RouteObject>;
