/**
 * The HTTP side of the bot in webhook mode: Telegram's webhook (checked against the secret
 * token) and a /healthz for the orchestrator.
 */
import { createServer, type Server } from 'node:http';
import type { Bot } from 'grammy';
import { webhookCallback } from 'grammy';
import type { BotContext } from '../bot/context.js';

export const WEBHOOK_PATH = '/telegram/webhook';

export function createHttpServer(bot: Bot<BotContext>, secret: string): Server {
  const handleUpdate = webhookCallback(bot, 'http', { secretToken: secret, onTimeout: 'return' });
  return createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    if (req.method === 'POST' && req.url === WEBHOOK_PATH) {
      void handleUpdate(req, res);
      return;
    }
    res.writeHead(404).end();
  });
}
