/**
 * The Mini App pages' texts in a language the build did not bundle (one a brand folder added,
 * issue 45): `GET /miniapp/strings/<tag>.json` is `{ "miniapp-...": "..." }` for an installed
 * language, 404 for any other. Public, as the page itself is: texts, nothing of any bot or customer.
 */
import { type Route, route } from '../router.js';
import { MINIAPP_PREFIX } from './static.js';

export const MINIAPP_STRINGS_PREFIX = `${MINIAPP_PREFIX}/strings/`;

/** `stringsOf(tag)`: the language's page texts, undefined when it is not installed. */
export function miniAppStringsRoute(stringsOf: (tag: string) => Record<string, string> | undefined): Route {
  return route('GET', `${MINIAPP_STRINGS_PREFIX}*`, (req, res) => {
    req.resume();
    const path = (req.url ?? '').split('?')[0] ?? '';
    const tag = /^([a-z]{2,3})\.json$/.exec(path.slice(MINIAPP_STRINGS_PREFIX.length))?.[1];
    const strings = tag === undefined ? undefined : stringsOf(tag);
    const headers = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' };
    if (!strings) return void res.writeHead(404, headers).end();
    res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(strings));
  });
}
