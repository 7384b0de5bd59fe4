// This feature's routes, loaded lazily by the app's route table. The feature itself arrives in a later release;
// until then each route shows its page frame and what it will hold.
import type { RouteObject } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

function ChatPage() {
  return <PlannedPage title="Chat" purpose="AI chat with a fast and a slow model and file attachments. Conversations are saved and follow you across your devices." />;
}
export const chatRoute = { Component: ChatPage } satisfies Partial<RouteObject>;
