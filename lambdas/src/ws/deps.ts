import type { Logger } from '@aws-lambda-powertools/logger';
import type { ConnectionRepository } from '../data/connection-repository';
import type { RealtimeTicketRepository } from '../data/realtime-ticket-repository';
import type { ConnectionPoster } from '../ports/connection-poster';
import type { Clock } from '../ports/clock';

/** Everything the realtime handlers need; built once per runtime by its composition root. */
export interface RealtimeDeps {
  connections: ConnectionRepository;
  poster: ConnectionPoster;
  /** The one-time tickets a socket is opened with (POST /api/realtime/ticket issues them). */
  tickets: RealtimeTicketRepository;
  clock: Clock;
  logger: Logger;
}
