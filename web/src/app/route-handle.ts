// Data the route table attaches to a route: its name, which is also the page title, whether the top bar shows, and
// the GETs a page load of it asks for early.
import type { Params } from 'react-router';

export interface RouteHandle {
  /** The page's title; a layout route has none. */
  title?: string;
  /** Full-screen routes (spec: MedEdFeb2025, ToolCaseChat) have no top bar. */
  hideTopBar?: boolean;
  /**
   * The API paths (below /api) of the GETs the route makes as it first renders, exactly as its queries ask for them.
   * A page load sends them as the app starts, beside the route's chunks, rather than once those have loaded
   * (start.tsx).
   */
  earlyGets?: (params: Params) => string[];
}

export const isRouteHandle = (handle: unknown): handle is RouteHandle => typeof handle === 'object' && handle !== null;
