/**
 * The customers' app's Models tab (issue 43): the models this bot offers the customer, with the
 * price they pay, in the page's language (`?lang=`, else their Telegram's).
 *
 *   GET /models  → 200 AppModels; 503 while no catalog can be read (upstream down, none stored)
 */
import type { AppModels } from '../../services/app/models-types.js';
import type { CustomerRoute } from './customer-api.js';

export interface AppModelsRouteDeps {
  models(userId: number, locale: string): Promise<AppModels>;
}

/** The page's language (`?lang=`) if it names one, else the customer's Telegram language, else en. */
export function pageLocale(query: URLSearchParams, languageCode: string | undefined): string {
  const asked = query.get('lang')?.toLowerCase();
  if (asked && /^[a-z]{2,3}$/.test(asked)) return asked;
  return languageCode?.toLowerCase().split(/[-_]/)[0] ?? 'en';
}

export function appModelsRoutes(deps: AppModelsRouteDeps): CustomerRoute[] {
  return [
    {
      method: 'GET',
      path: '/models',
      async handle({ userId, query, languageCode }) {
        try {
          return { status: 200, json: await deps.models(userId, pageLocale(query, languageCode)) };
        } catch {
          // The chat says the same: the catalog can't be read right now (logged by the catalog).
          return { status: 503, json: { error: 'catalog_unavailable' } };
        }
      },
    },
  ];
}
