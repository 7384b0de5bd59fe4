// The outermost route: names the page after the deepest route that has a name.
import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { isRouteHandle } from './route-handle';

const APP_NAME = 'Chartside';

export function RootLayout() {
  const title = useMatches()
    .map((match) => (isRouteHandle(match.handle) ? match.handle.title : undefined))
    .filter((name) => name !== undefined)
    .at(-1);

  useEffect(() => {
    document.title = title ?? APP_NAME;
  }, [title]);

  return <Outlet />;
}
