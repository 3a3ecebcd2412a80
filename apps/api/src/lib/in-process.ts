import { randomToken } from './tokens.ts';

/**
 * The remote address of requests this process makes to itself with inject() (the development
 * identity provider's discovery, token and key requests). It is no IP address, so no socket can
 * carry it, and it is random per process, so a forwarded header cannot guess it either.
 */
export const inProcessRemoteAddress = `in-process-${randomToken()}`;
