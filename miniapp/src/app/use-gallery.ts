/**
 * The Results tab's data (issue 43): the pages of the customer's results for the filters, the
 * result open in the viewer, its ★, and links kept fresh. The signed links last about an hour: a
 * page left open longer gets new ones when the customer comes back to it (or the viewer asks),
 * without leaving the list or the viewer meanwhile.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type {
  FavouriteState,
  GalleryItem,
  GalleryKind,
  GalleryPage,
} from '../../../src/services/app/gallery-types.js';
import { getJson, postJson } from '../api.js';
import { linkExpired } from './viewer.js';

/** Links this close to their end are renewed when the customer comes back to the page. */
const RENEW_BEFORE_MS = 5 * 60_000;

export interface Filters {
  model: string;
  kind: GalleryKind | '';
  q: string;
  /** One order's results only: the app opened from the button under that result. */
  order: string;
  /** The starred ones only. */
  fav: boolean;
}

export const NO_FILTERS: Filters = { model: '', kind: '', q: '', order: '', fav: false };

export const isFiltered = (f: Filters) =>
  f.model !== '' || f.kind !== '' || f.q !== '' || f.order !== '' || f.fav;

export const keyOf = (item: GalleryItem) => `${item.orderId}:${item.index}`;

export type Loaded =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ok'; page: GalleryPage; items: GalleryItem[]; more: 'idle' | 'loading' | 'error' };

function pathOf(f: Filters, cursor?: string): string {
  const params = new URLSearchParams();
  if (f.model) params.set('model', f.model);
  if (f.kind) params.set('kind', f.kind);
  if (f.q) params.set('q', f.q);
  if (f.order) params.set('order', f.order);
  if (f.fav) params.set('fav', '1');
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/results${query ? `?${query}` : ''}`;
}

export function useGallery(filters: Filters, openOrder: string | undefined) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const latest = useRef(0);
  // Opened on one result: its viewer opens once it is in.
  const openFirst = useRef(openOrder !== undefined);
  // A renewal of the links keeps the list (and the viewer) on screen until the new one is in.
  const renewing = useRef(false);

  useEffect(() => {
    const call = ++latest.current;
    if (!renewing.current) setLoaded({ state: 'loading' });
    renewing.current = false;
    getJson<GalleryPage>(pathOf(filters)).then(
      (page) => {
        if (call !== latest.current) return;
        setLoaded({ state: 'ok', page, items: page.items, more: 'idle' });
        if (openFirst.current && page.items[0]) setOpen(keyOf(page.items[0]));
        openFirst.current = false;
      },
      () => call === latest.current && setLoaded({ state: 'error' }),
    );
  }, [filters, round]);

  const retry = useCallback(() => setRound((r) => r + 1), []);
  const renew = useCallback(() => {
    renewing.current = true;
    setRound((r) => r + 1);
  }, []);
  const first = loaded.state === 'ok' ? loaded.items[0] : undefined;
  useEffect(() => {
    if (!first) return;
    const onVisible = () => {
      const soon = Date.now() + RENEW_BEFORE_MS;
      if (document.visibilityState === 'visible' && linkExpired(first.previewUrl, soon)) renew();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [first, renew]);

  const loadMore = () => {
    if (loaded.state !== 'ok' || !loaded.page.next) return;
    const call = latest.current;
    const before = loaded;
    setLoaded({ ...before, more: 'loading' });
    getJson<GalleryPage>(pathOf(filters, before.page.next!)).then(
      (page) =>
        call === latest.current &&
        setLoaded({ state: 'ok', page, items: [...before.items, ...page.items], more: 'idle' }),
      () => call === latest.current && setLoaded({ ...before, more: 'error' }),
    );
  };

  // Starred at once on screen; put back if the server refuses (the result is gone, or offline).
  const star = (item: GalleryItem, favourite: boolean) => {
    const mark = (on: boolean) =>
      setLoaded((l) =>
        l.state === 'ok'
          ? { ...l, items: l.items.map((i) => (keyOf(i) === keyOf(item) ? { ...i, favourite: on } : i)) }
          : l,
      );
    mark(favourite);
    postJson<FavouriteState>(`/results/${item.orderId}/${item.index}/favourite`, { favourite }).catch(() =>
      mark(!favourite),
    );
  };

  return { loaded, open, setOpen, retry, renew, loadMore, star };
}
