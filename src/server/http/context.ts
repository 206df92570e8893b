import type { Config } from '../config';
import type { Auth } from '../auth';
import type { ServiceDeps } from '../services/deps';
import type { Guards } from './session';
import type { LiveHub } from '../live/live-hub';
import type { LiveStreams } from '../live/live-streams';

/** What every route plugin receives. */
export interface RouteContext {
  deps: ServiceDeps;
  guards: Guards;
  auth: Auth;
  config: Config;
  /** LISTEN/NOTIFY fan-out for the Server-Sent Events routes. */
  live: LiveHub;
  /** The open Server-Sent Events streams, capped per user, per address and in all. */
  streams: LiveStreams;
}
