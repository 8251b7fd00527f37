/**
 * The customers' app: one result full screen (issue 43). The picture or the video, the model, the
 * customer's description (as text) and the date; Download (Telegram's downloadFile, the original),
 * Share to a chat (a card the bot prepared: savePreparedInlineMessage, then shareMessage), Share to
 * story (shareToStory with the file and the customer's link), and Again, Change and Use as input,
 * which open the chat on the same flow as the buttons under a result. A file that is gone says so
 * and offers Again.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GalleryItem, PreparedShare } from '../../../src/services/app/gallery-types.js';
import type { AppProfile } from '../../../src/services/app/profile-types.js';
import { postJson } from '../api.js';
import { currentLocale, t } from '../i18n.js';
import { downloadFile, openInBot, shareMessage, shareToStory, showBackButton } from './webapp.js';

/** A story's caption: Telegram takes 200 characters (more with Premium only). */
const STORY_TEXT_CHARS = 200;

const absolute = (url: string) => new URL(url, window.location.href).href;

/**
 * Whether a file that failed to show is gone: only its link can say (404, or 403 once the bot
 * refuses the customer). A format this web view cannot play (a desktop client without the video's
 * codec) is no reason to say the file is gone. The request is dropped once its answer's status is in.
 */
async function linkSaysGone(url: string): Promise<boolean> {
  if (linkExpired(url)) return false;
  const ctrl = new AbortController();
  try {
    const res = await fetch(url, { signal: ctrl.signal });
    return res.status === 404 || res.status === 403;
  } catch {
    return false;
  } finally {
    ctrl.abort();
  }
}

/** The signed link's own end (`exp`, Unix seconds) has passed: the page holds an old list. */
export function linkExpired(url: string, now = Date.now()): boolean {
  const exp = Number(new URL(url, window.location.href).searchParams.get('exp'));
  return Number.isFinite(exp) && exp > 0 && exp * 1000 <= now;
}

function dateOf(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(new Date(iso));
}

export function Viewer(props: {
  item: GalleryItem;
  profile: AppProfile;
  link: string | null;
  onClose(): void;
  /** The links have run out (the page was left open): fetch fresh ones, keeping this result open. */
  onStale(): void;
  /** ☆ / ★ pressed: star or unstar it (the gallery stores it and redraws). */
  onFavourite(favourite: boolean): void;
}) {
  const { item, profile, link, onClose, onStale, onFavourite } = props;
  const [gone, setGone] = useState(false);
  const [sharing, setSharing] = useState<'idle' | 'busy' | 'failed'>('idle');
  useEffect(() => {
    setGone(false);
    setSharing('idle');
  }, [item.orderId, item.index]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  useEffect(() => showBackButton(onClose), [onClose]);

  // The file on screen now: an answer about one the customer has moved on from changes nothing.
  const onScreen = useRef(item.fullUrl);
  onScreen.current = item.fullUrl;
  const onMediaError = () => {
    const url = item.fullUrl;
    if (linkExpired(url)) return onStale();
    void linkSaysGone(url).then((isGone) => {
      if (isGone && onScreen.current === url) setGone(true);
    });
  };

  const bot = profile.botUsername;
  const open = (prefix: 'a' | 'h' | 'u') => {
    const code = prefix === 'u' && item.index > 0 ? `${item.orderId}_${item.index}` : item.orderId;
    openInBot(`https://t.me/${bot}?start=${prefix}_${code}`);
  };
  const share = async () => {
    setSharing('busy');
    try {
      const prepared = await postJson<PreparedShare>(`/results/${item.orderId}/${item.index}/share`, {});
      shareMessage(prepared.id);
      setSharing('idle');
    } catch {
      setSharing('failed');
    }
  };
  const story = () =>
    linkExpired(item.fullUrl)
      ? onStale()
      : shareToStory(absolute(item.fullUrl), item.description.slice(0, STORY_TEXT_CHARS), {
          url: link ?? `https://t.me/${bot}`,
          name: t('app-viewer-story-link'),
        });

  return (
    <div class="viewer" role="dialog" aria-modal="true" aria-label={item.modelName}>
      <div class="viewer-top">
        <button type="button" class="link" data-action="back" onClick={onClose}>
          ‹ {t('app-viewer-back')}
        </button>
        <button
          type="button"
          class="link"
          data-action="favourite"
          aria-pressed={item.favourite}
          onClick={() => onFavourite(!item.favourite)}
        >
          {t(item.favourite ? 'app-viewer-favourite-on' : 'app-viewer-favourite-off')}
        </button>
      </div>
      <div class="viewer-media">
        {gone ? (
          <p class="viewer-gone" data-gone="true">
            {t('app-viewer-gone')}
          </p>
        ) : item.kind === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: a generated video has no speech we could caption
          <video
            src={item.fullUrl}
            poster={item.previewUrl}
            controls
            playsInline
            preload="metadata"
            onError={onMediaError}
          />
        ) : (
          <img src={item.fullUrl} alt={item.description || item.modelName} onError={onMediaError} />
        )}
      </div>
      <div class="viewer-info">
        <h2>{item.modelName}</h2>
        <p class={item.description ? 'viewer-description' : 'viewer-description hint'}>
          {item.description || t('app-viewer-no-description')}
        </p>
        <p class="hint small">{t('app-viewer-delivered', { date: dateOf(item.deliveredAt) })}</p>
        {sharing === 'failed' && (
          <p class="notice-line" data-kind="error">
            {t('app-viewer-share-failed')}
          </p>
        )}
      </div>
      <div class="viewer-actions">
        {!gone && (
          <button
            type="button"
            data-action="download"
            onClick={() =>
              linkExpired(item.fullUrl) ? onStale() : downloadFile(absolute(item.fullUrl), item.fileName)
            }
          >
            {t('app-viewer-download')}
          </button>
        )}
        {!gone && item.shareable && (
          <button type="button" data-action="share" disabled={sharing === 'busy'} onClick={share}>
            {t('app-viewer-share')}
          </button>
        )}
        {!gone && profile.sharing && bot && (
          <button type="button" data-action="story" onClick={story}>
            {t('app-viewer-story')}
          </button>
        )}
        {bot && (
          <button type="button" class="secondary" data-action="again" onClick={() => open('a')}>
            {t('app-viewer-again')}
          </button>
        )}
        {bot && (
          <button type="button" class="secondary" data-action="change" onClick={() => open('h')}>
            {t('app-viewer-change')}
          </button>
        )}
        {bot && !gone && (
          <button type="button" class="secondary" data-action="use" onClick={() => open('u')}>
            {t('app-viewer-use')}
          </button>
        )}
      </div>
    </div>
  );
}
