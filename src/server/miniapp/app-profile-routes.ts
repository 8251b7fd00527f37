/**
 * The customers' app: who opened it (issue 43). The first call the page makes: a 401 or 403 here
 * turns into the page explaining itself.
 *
 *   GET /profile  → 200 AppProfile
 */
import type { AppProfile } from '../../services/app/profile-types.js';
import type { CustomerRoute } from './customer-api.js';

export interface AppProfileDeps {
  firstNameOf(userId: number): Promise<string | undefined>;
  botUsername(): string | null;
  wallet: boolean;
  sharing: boolean;
}

export function appProfileRoutes(deps: AppProfileDeps): CustomerRoute[] {
  return [
    {
      method: 'GET',
      path: '/profile',
      async handle({ userId }) {
        const profile: AppProfile = {
          firstName: (await deps.firstNameOf(userId)) ?? '',
          botUsername: deps.botUsername(),
          wallet: deps.wallet,
          sharing: deps.sharing,
        };
        return { status: 200, json: profile };
      },
    },
  ];
}
