// Data the route table attaches to a route: its name, which is also the page title, and whether the top bar shows.
export interface RouteHandle {
  title: string;
  /** Full-screen routes (spec: MedEdFeb2025, ToolCaseChat) have no top bar. */
  hideTopBar?: boolean;
}

export const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as Partial<RouteHandle>).title === 'string';
