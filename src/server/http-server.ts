/**
 * The HTTP side of the bot: one server for the routes it is given (app/routes.ts: Telegram's
 * webhook in webhook mode, the probes, /metrics), routed by method and path (router.ts).
 */
import { createServer, type Server } from 'node:http';
import type { Logger } from '../logger.js';
import { createRouter, type Route } from './router.js';

export interface HttpServerOptions {
  routes: readonly Route[];
  logger: Logger;
}

export function createHttpServer(opts: HttpServerOptions): Server {
  return createServer(createRouter(opts.routes, opts.logger.child({ component: 'http' })));
}

/**
 * Listens on `port` (named by its variable); a port that cannot be used (taken, privileged) rejects
 * with a message naming the variable, instead of an unhandled 'error' event.
 */
export function listen(server: Server, port: number, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => reject(new Error(`${variable}=${port} cannot be used: ${err.message}`));
    server.once('error', fail);
    server.listen(port, () => {
      server.off('error', fail);
      resolve();
    });
  });
}
