// Renders the real app (providers and route table) in a memory router at `path`, as start() would in a browser.
import type { RuntimeConfig } from '@chartside/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/routes';
import { createPlatform } from '../platform/platform-context';
import { testConfig } from './fixtures';

export function renderApp(path: string, config: RuntimeConfig = testConfig) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders platform={createPlatform(config, 'tab-1')} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
