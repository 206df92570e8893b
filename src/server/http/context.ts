import type { Config } from '../config';
import type { Auth } from '../auth';
import type { ServiceDeps } from '../services/deps';
import type { Guards } from './session';

/** What every route plugin receives. */
export interface RouteContext {
  deps: ServiceDeps;
  guards: Guards;
  auth: Auth;
  config: Config;
}
