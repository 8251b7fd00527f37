/**
 * The customers' app: the Results tab (issue 43). The customer's delivered results, newest first, as
 * a grid of previews (three to a row on a phone) under the month they came in, filtered by model and
 * kind with buttons, searched by the words of their descriptions (as they type, or at once with
 * Search), a page at a time with "Load more". A tap opens the full-screen viewer (viewer.tsx). Every file is a signed, same-origin
 * link the server made for this customer; descriptions are their own words, drawn as text only.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type {
  FavouriteState,
  GalleryItem,
  GalleryKind,
  GalleryPage,
} from '../../../src/services/app/gallery-types.js';
import type { AppProfile } from '../../../src/services/app/profile-types.js';
import { getJson, postJson } from '../api.js';
import { currentLocale, t } from '../i18n.js';
import { byMonth } from './months.js';
import { linkExpired, Viewer } from './viewer.js';
import { openInBot } from './webapp.js';
import './gallery.css';

/** How long the search waits for the customer to stop typing. */
const SEARCH_PAUSE_MS = 500;
/** Links this close to their end are renewed when the customer comes back to the page. */
const RENEW_BEFORE_MS = 5 * 60_000;

interface Filters {
  model: string;
  kind: GalleryKind | '';
  q: string;
  /** One order's results only: the app opened from the button under that result. */
  order: string;
  /** The starred ones only. */
  fav: boolean;
}

type Loaded =
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

const isFiltered = (f: Filters) => f.model !== '' || f.kind !== '' || f.q !== '' || f.order !== '' || f.fav;
const keyOf = (item: GalleryItem) => `${item.orderId}:${item.index}`;
const NO_FILTERS: Filters = { model: '', kind: '', q: '', order: '', fav: false };

export function GalleryScreen({
  profile,
  openOrder,
}: {
  profile: AppProfile;
  openOrder?: string | undefined;
}) {
  const [filters, setFilters] = useState<Filters>({ ...NO_FILTERS, order: openOrder ?? '' });
  const [draft, setDraft] = useState('');
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

  const renew = useCallback(() => {
    renewing.current = true;
    setRound((r) => r + 1);
  }, []);
  // The signed links last about an hour: a page left open longer gets new ones when it is back.
  const items = loaded.state === 'ok' ? loaded.items : [];
  const first = items[0];
  useEffect(() => {
    if (!first) return;
    const onVisible = () => {
      if (
        document.visibilityState === 'visible' &&
        linkExpired(first.previewUrl, Date.now() + RENEW_BEFORE_MS)
      )
        renew();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [first, renew]);
  const close = useCallback(() => setOpen(null), []);
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

  // The search follows the typing once it pauses; Search (or Enter) applies it at once.
  useEffect(() => {
    const words = draft.trim();
    if (words === filters.q) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, q: words })), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, filters.q]);

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

  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const reset = () => {
    setDraft('');
    setFilters(NO_FILTERS);
  };

  if (loaded.state === 'error') {
    return (
      <div class="notice center">
        <p>{t('app-error')}</p>
        <button type="button" onClick={() => setRound((r) => r + 1)}>
          {t('app-retry')}
        </button>
      </div>
    );
  }

  const page = loaded.state === 'ok' ? loaded.page : undefined;
  const models = page?.models ?? [];
  const nothingAtAll =
    page !== undefined && items.length === 0 && !isFiltered(filters) && models.length === 0;

  if (nothingAtAll) {
    return (
      <section class="gallery-empty" data-empty="none">
        <div class="gallery-empty-icon" aria-hidden="true">
          🖼️
        </div>
        <h2>{t('app-gallery-empty-title')}</h2>
        <p class="hint">{t('app-gallery-empty')}</p>
        {profile.botUsername && (
          <button type="button" onClick={() => openInBot(`https://t.me/${profile.botUsername}`)}>
            {t('app-gallery-open-bot')}
          </button>
        )}
      </section>
    );
  }

  const viewing = open === null ? undefined : items.find((item) => keyOf(item) === open);
  return (
    <section class="gallery">
      {filters.order !== '' && (
        <div class="gallery-one" data-filter="order">
          <p class="hint">{t('app-gallery-one-result')}</p>
          <button type="button" class="secondary" onClick={() => set({ order: '' })}>
            {t('app-gallery-show-all')}
          </button>
        </div>
      )}
      <form
        class="gallery-search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: draft.trim() });
        }}
      >
        <input
          type="search"
          name="q"
          value={draft}
          maxLength={200}
          placeholder={t('app-gallery-search')}
          aria-label={t('app-gallery-search')}
          onInput={(e) => setDraft(e.currentTarget.value)}
        />
        {draft !== '' ? (
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setDraft('');
              set({ q: '' });
            }}
          >
            {t('app-gallery-search-clear')}
          </button>
        ) : (
          <button type="submit">{t('app-gallery-search-go')}</button>
        )}
      </form>
      <div class="chips" data-filter="kind">
        {(['', 'image', 'video'] as const).map((kind) => (
          <button
            key={kind || 'all'}
            type="button"
            class="chip"
            aria-pressed={filters.kind === kind}
            data-kind={kind || 'all'}
            onClick={() => set({ kind })}
          >
            {t(kind ? `app-gallery-kind-${kind}` : 'app-gallery-kind-all')}
          </button>
        ))}
        <button
          type="button"
          class="chip"
          aria-pressed={filters.fav}
          data-kind="favourites"
          onClick={() => set({ fav: !filters.fav })}
        >
          {t('app-gallery-favourites')}
        </button>
      </div>
      {models.length > 1 && (
        <div class="chips scroll" data-filter="model">
          <button
            type="button"
            class="chip"
            aria-pressed={filters.model === ''}
            onClick={() => set({ model: '' })}
          >
            {t('app-gallery-all-models')}
          </button>
          {models.map((m) => (
            <button
              key={m.id}
              type="button"
              class="chip"
              data-model={m.id}
              aria-pressed={filters.model === String(m.id)}
              onClick={() => set({ model: String(m.id) })}
            >
              {m.name}
            </button>
          ))}
        </div>
      )}
      {loaded.state === 'loading' && <p class="hint gallery-note">{t('app-loading')}</p>}
      {loaded.state === 'ok' && items.length === 0 && (
        <div class="gallery-note" data-empty="filtered">
          <p class="hint">
            {t(
              filters.fav && !filters.q && !filters.model && !filters.kind
                ? 'app-gallery-no-favourites'
                : 'app-gallery-none-found',
            )}
          </p>
          <button type="button" class="secondary" onClick={reset}>
            {t('app-gallery-reset')}
          </button>
        </div>
      )}
      {byMonth(items, (item) => item.deliveredAt, currentLocale()).map((month) => (
        <section class="gallery-month" key={month.key} data-month={month.key}>
          <h2 class="gallery-month-title">{month.label}</h2>
          <ul class="grid">
            {month.items.map((item) => (
              <li key={keyOf(item)}>
                <button
                  type="button"
                  class="tile"
                  data-order={item.orderId}
                  data-index={item.index}
                  onClick={() => setOpen(keyOf(item))}
                >
                  <img
                    src={item.previewUrl}
                    alt={item.description || item.modelName}
                    loading="lazy"
                    decoding="async"
                  />
                  {item.kind === 'video' && <span class="badge">{t('app-gallery-video')}</span>}
                  {item.favourite && (
                    <span class="badge star" title={t('app-gallery-favourite')}>
                      ★
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {loaded.state === 'ok' && loaded.page.next && (
        <div class="gallery-more">
          <button type="button" class="secondary" disabled={loaded.more === 'loading'} onClick={loadMore}>
            {loaded.more === 'loading' ? t('app-loading') : t('app-gallery-more')}
          </button>
          {loaded.more === 'error' && <p class="hint">{t('app-error')}</p>}
        </div>
      )}
      {viewing && page && (
        <Viewer
          item={viewing}
          profile={profile}
          link={page.link}
          onClose={close}
          onStale={renew}
          onFavourite={(on) => star(viewing, on)}
        />
      )}
    </section>
  );
}
