import { ApiError } from '../../../lib/api';

/** The call never reached the server (no network): the box office keeps working from the device. */
export const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;
