// Data the route table attaches to a route: its name, which is also the page title.
export interface RouteHandle {
  title: string;
}

export const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as Partial<RouteHandle>).title === 'string';
