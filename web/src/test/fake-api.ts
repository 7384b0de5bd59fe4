// The HTTP API as a test sees it: a stubbed fetch answering by method and path (`/sessions/{sessionId}/sign-out`),
// recording every request with its headers and body. Each test starts from answers that let a signed-in user in.
import { sessionIdHeader, type Session, type TagSummary, type UserDocument } from '@chartside/shared';
import { vi } from 'vitest';
import { jsonResponse, loginSession, userDocument } from './fixtures';

export interface RecordedRequest {
  method: string;
  /** The path below /api, without the query. */
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Answer = Response | object | undefined;
export type Handler = (request: RecordedRequest, params: Record<string, string>) => Answer | Promise<Answer>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

const compile = (path: string): { pattern: RegExp; names: string[] } => {
  const names: string[] = [];
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
};

export const apiError = (status: number, code: string, message = code): Response => jsonResponse({ error: { code, message } }, status);

export class FakeApi {
  readonly requests: RecordedRequest[] = [];
  private readonly routes: Route[] = [];
  readonly fetch = vi.fn<typeof fetch>(async (input, init) => this.answer(input, init));

  /** Answers `method path` with the handler's result (a Response, or a body sent as 200 JSON). Later routes win. */
  on(method: string, path: string, handler: Handler | Answer): this {
    const { pattern, names } = compile(path);
    this.routes.unshift({ method: method.toUpperCase(), pattern, names, handler: typeof handler === 'function' ? (handler as Handler) : () => handler });
    return this;
  }

  install(): this {
    vi.stubGlobal('fetch', this.fetch);
    return this;
  }

  /** The requests to `method path` (the path as sent, parameters filled in). */
  calls(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method.toUpperCase() && r.path === path);
  }

  private async answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), 'http://localhost:3000');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = { method, path, query: url.searchParams, headers: new Headers(init?.headers), body: text === undefined ? undefined : JSON.parse(text) };
    this.requests.push(request);
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
      const result = await route.handler(request, params);
      if (result instanceof Response) return result;
      return result === undefined ? new Response(null, { status: 204 }) : jsonResponse(result);
    }
    return apiError(404, 'not_found', `No fake answer for ${method} ${path}`);
  }
}

export interface FakeApiState {
  me: UserDocument;
  session: Session;
  sessions: Session[];
  tags: TagSummary;
  unread: number;
}

/** A fake API for a signed-in user whose browser holds session `session.sessionId` (GET /sessions/current checks the header). */
export function fakeApi(state: Partial<FakeApiState> = {}): FakeApi & { state: FakeApiState } {
  const session = state.session ?? loginSession();
  const full: FakeApiState = {
    me: userDocument(),
    sessions: [session],
    tags: { resource: [], patient: [] },
    unread: 0,
    ...state,
    session,
  };
  const api = new FakeApi()
    // The connectivity probe: the server is there.
    .on('GET', '/health', () => ({ status: 'ok', dependencies: {} }))
    .on('GET', '/me', () => full.me)
    .on('GET', '/feed/unread-count', () => ({ count: full.unread }))
    // An empty audit trail, so Settings has an answer; the Activity tests register their own.
    .on('GET', '/audit', () => ({ entries: [], nextCursor: null }))
    // An empty library, so pages that show Home's search have an answer; tests of search register their own.
    .on('POST', '/search', (request) => {
      const { page = 1, perPage = 25 } = request.body as { page?: number; perPage?: number };
      return { hits: [], found: 0, foundIs: 'exact', page, perPage, facets: [], facetsAre: 'exact' };
    })
    .on('POST', '/backups/daily', (request) => ({
      created: true,
      backupDate: (request.body as { backupDate: string }).backupDate,
      backupTimestamp: '2025-03-01T12:00:00.000Z',
    }))
    .on('GET', '/sessions/current', (request) =>
      request.headers.get(sessionIdHeader) === full.session.sessionId ? full.session : apiError(401, 'session_ended', 'This session has ended.'),
    )
    .on('POST', '/sessions', (request) => {
      const body = request.body as { type: 'private' | 'public'; expirationHours?: number };
      full.session = loginSession({
        sessionId: 'session-new',
        type: body.type,
        expirationHours: body.expirationHours ?? null,
        expiresAt: body.expirationHours ? new Date(Date.now() + body.expirationHours * 3_600_000).toISOString() : null,
      });
      return full.session;
    })
    .on('GET', '/sessions', () => ({ sessions: full.sessions }))
    .on('POST', '/sessions/{sessionId}/sign-out', () => ({ signedOut: 1 }))
    .on('POST', '/sessions/sign-out-all', () => ({ signedOut: full.sessions.length }))
    .on('GET', '/tags', () => full.tags)
    .on('POST', '/realtime/ticket', () => ({ ticket: 'ticket-1', expiresInSeconds: 30 }));
  return Object.assign(api, { state: full });
}
