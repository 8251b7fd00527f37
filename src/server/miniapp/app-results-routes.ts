/**
 * The customers' app's Results tab (issue 43): the signed customer's own delivered results, and a
 * prepared message to share one of them to a chat.
 *
 *   GET  /results?model=<id>&kind=image|video&q=<words>&cursor=<next>  → 200 GalleryPage
 *   GET  /results?order=<id>                  → 200 GalleryPage of that one result (none: not theirs)
 *   GET  /results?fav=1                       → 200 GalleryPage of the files they starred
 *   POST /results/:orderId/:index/favourite {favourite}  → 200 FavouriteState (404: not theirs)
 *   POST /results/:orderId/:index/share                                  → 200 PreparedShare
 *                                           (404: not theirs, not shareable; 403: sharing is off)
 *
 * Every file is a signed link (app-file-links.ts): the page shows and hands out URLs, never a file id.
 */
import type { GalleryService } from '../../services/app/gallery.js';
import {
  type FavouriteState,
  GALLERY_KINDS,
  type GalleryItem,
  type GalleryKind,
  type GalleryPage,
  type PreparedShare,
} from '../../services/app/gallery-types.js';
import type { FileLinks } from './app-file-links.js';
import type { CustomerRoute } from './customer-api.js';

export interface AppResultsDeps {
  gallery: GalleryService;
  links: FileLinks;
  /** SHARING: the share button and the story's link. */
  sharing: boolean;
  /** Where a story's link leads for this customer (their referral link, else the bot's); null while unknown. */
  linkFor(userId: number): Promise<string | null>;
  /** Saves the card of this result for the customer to send (savePreparedInlineMessage): its id. */
  prepareShare(
    userId: number,
    orderId: string,
    index: number,
    languageCode: string | undefined,
  ): Promise<string | undefined>;
}

const localeOf = (languageCode: string | undefined) => languageCode?.toLowerCase().split(/[-_]/)[0] ?? 'en';

export function appResultsRoutes(deps: AppResultsDeps): CustomerRoute[] {
  return [
    {
      method: 'GET',
      path: '/results',
      async handle({ userId, languageCode, query }) {
        const modelRaw = query.get('model');
        const modelId = modelRaw && /^\d{1,9}$/.test(modelRaw) ? Number(modelRaw) : undefined;
        const kindRaw = query.get('kind');
        const kind = GALLERY_KINDS.includes(kindRaw as GalleryKind) ? (kindRaw as GalleryKind) : undefined;
        const locale = localeOf(languageCode);
        const [found, models, link] = await Promise.all([
          deps.gallery.page(
            userId,
            {
              modelId,
              kind,
              search: query.get('q')?.slice(0, 200),
              cursor: query.get('cursor') ?? undefined,
              orderId: query.get('order') ?? undefined,
              favourites: query.get('fav') === '1',
            },
            locale,
          ),
          deps.gallery.models(userId, locale),
          deps.linkFor(userId),
        ]);
        const items: GalleryItem[] = found.items.map((r) => {
          const ref = { userId, orderId: r.orderId, index: r.index };
          return {
            ...r,
            deliveredAt: r.deliveredAt.toISOString(),
            previewUrl: deps.links.url({ ...ref, variant: 'thumb' }),
            fullUrl: deps.links.url({ ...ref, variant: 'full' }),
            shareable: deps.sharing && r.shareable,
          };
        });
        const page: GalleryPage = { items, next: found.next, models, link };
        return { status: 200, json: page };
      },
    },
    {
      method: 'POST',
      path: '/results/:orderId/:index/favourite',
      write: true,
      async handle({ userId, params, body }) {
        const favourite = (body as Partial<FavouriteState> | undefined)?.favourite;
        if (typeof favourite !== 'boolean') return { status: 422, json: { error: 'favourite_expected' } };
        const index = Number(params['index']);
        const done = await deps.gallery.setFavourite(userId, params['orderId'] ?? '', index, favourite);
        if (!done) return { status: 404, json: undefined };
        const answer: FavouriteState = { favourite };
        return { status: 200, json: answer };
      },
    },
    {
      method: 'POST',
      path: '/results/:orderId/:index/share',
      write: true,
      async handle({ userId, languageCode, params }) {
        if (!deps.sharing) return { status: 403, json: undefined };
        const index = Number(params['index']);
        if (!Number.isInteger(index) || index < 0 || index > 999) return { status: 404, json: undefined };
        const id = await deps.prepareShare(userId, params['orderId'] ?? '', index, languageCode);
        if (!id) return { status: 404, json: undefined };
        const answer: PreparedShare = { id };
        return { status: 200, json: answer };
      },
    },
  ];
}
