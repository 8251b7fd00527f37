/**
 * The customers' Mini App (issue 43): read what Telegram handed the page, then draw the app, or the
 * "open this from the bot" page when there is no initData (opened outside Telegram). Its texts are
 * the `app-` messages; its API is /miniapp/me, where the signed initData names the only customer
 * whose data the page may see.
 */

import bundled from 'virtual:app-strings';
import { render } from 'preact';
import { useInitData } from '../api.js';
import { installStrings, setLocale } from '../i18n.js';
import '../style.css';
import './app.css';
import { readLaunch, ready } from '../telegram.js';
import { CustomerApp, OpenFromBot } from './shell.js';

installStrings(bundled);
const launch = readLaunch();
const root = document.getElementById('app')!;
void setLocale(launch?.languageCode ?? navigator.language).then(() => {
  if (launch) {
    // An added bot's app is opened with its id in the URL (`?bot=<id>`), as its control room is.
    useInitData(launch.initData, new URLSearchParams(window.location.search).get('bot'), '/miniapp/me');
    render(<CustomerApp />, root);
  } else {
    render(<OpenFromBot />, root);
  }
  ready();
});
