// Renders the real app (providers and route table) in a memory router at `path`, as start() would in a browser.
// Reloading is the one browser act jsdom cannot do: it is recorded in `reload` instead. The query cache is not
// persisted; `clearPersistedData` is the real one, recording that the sign-out path asked for it.
import type { RuntimeConfig } from '@chartside/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/routes';
import { clearPersistedData as clearKeptData } from '../platform/offline';
import { createPlatform } from '../platform/platform-context';
import { testConfig } from './fixtures';

export function renderApp(path: string, config: RuntimeConfig = testConfig) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const reload = vi.fn();
  const clearPersistedData = vi.fn(clearKeptData);
  const platform = createPlatform(config, queryClient, { clientId: 'tab-1', reload, clearPersistedData });
  const view = render(
    <AppProviders platform={platform} queryClient={queryClient} persister={null}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, platform, reload, clearPersistedData };
}
