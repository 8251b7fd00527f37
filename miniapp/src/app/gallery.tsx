/**
 * The customers' app: the Results tab (issue 43). The customer's delivered results, newest first, as
 * a grid of previews (three to a row on a phone) under the month they came in, filtered by model,
 * kind and ★ with buttons, searched by the words of their descriptions (as they type, or at once
 * with Search), a page at a time with "Load more". A tap opens the full-screen viewer (viewer.tsx).
 * Every file is a signed, same-origin link the server made for this customer; descriptions are
 * their own words, drawn as text only.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { AppProfile } from '../../../src/services/app/profile-types.js';
import { currentLocale, t } from '../i18n.js';
import { byMonth } from './months.js';
import { type Filters, isFiltered, keyOf, NO_FILTERS, useGallery } from './use-gallery.js';
import { Viewer } from './viewer.js';
import { openInBot } from './webapp.js';
import './gallery.css';

/** How long the search waits for the customer to stop typing. */
const SEARCH_PAUSE_MS = 500;

export function GalleryScreen({
  profile,
  openOrder,
}: {
  profile: AppProfile;
  openOrder?: string | undefined;
}) {
  const [filters, setFilters] = useState<Filters>({ ...NO_FILTERS, order: openOrder ?? '' });
  const [draft, setDraft] = useState('');
  const { loaded, open, setOpen, retry, renew, loadMore, star } = useGallery(filters, openOrder);
  const items = loaded.state === 'ok' ? loaded.items : [];
  const close = useCallback(() => setOpen(null), [setOpen]);

  // The search follows the typing once it pauses; Search (or Enter) applies it at once.
  useEffect(() => {
    const words = draft.trim();
    if (words === filters.q) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, q: words })), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, filters.q]);

  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const reset = () => {
    setDraft('');
    setFilters(NO_FILTERS);
  };

  if (loaded.state === 'error') {
    return (
      <div class="notice center">
        <p>{t('app-error')}</p>
        <button type="button" onClick={retry}>
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
