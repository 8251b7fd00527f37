/** Deep links into the bot: `https://t.me/<bot username>?start=<payload>`. */
import { startPayloadOf } from '../../domain/start-payload.js';

export const referralLink = (botUsername: string, code: string): string =>
  `https://t.me/${botUsername}?start=${startPayloadOf.referral(code)}`;

export const campaignLink = (botUsername: string, code: string): string =>
  `https://t.me/${botUsername}?start=${startPayloadOf.campaign(code)}`;
