/**
 * The admin Mini App's entry: read what Telegram handed the page, then draw the control room, or
 * the "open this from the bot" page when there is no initData (opened outside Telegram).
 */

import bundled from 'virtual:miniapp-strings';
import { render } from 'preact';
import { useInitData } from './api.js';
import { App, OpenFromBot } from './app.js';
import { installStrings, setLocale } from './i18n.js';
import './style.css';
import { readLaunch, ready } from './telegram.js';

installStrings(bundled);
const launch = readLaunch();
const root = document.getElementById('app')!;
void setLocale(launch?.languageCode ?? navigator.language).then(() => {
  if (launch) {
    // An added bot's control room is opened with its id in the URL (`?bot=<id>`).
    useInitData(launch.initData, new URLSearchParams(window.location.search).get('bot'));
    render(<App />, root);
  } else {
    render(<OpenFromBot />, root);
  }
  ready();
});
