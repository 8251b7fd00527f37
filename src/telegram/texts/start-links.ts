/** Deep links into the bot: `https://t.me/<bot username>?start=<payload>`. */
import { startPayloadOf } from '../../domain/start-payload.js';

export const referralLink = (botUsername: string, code: string): string =>
  `https://t.me/${botUsername}?start=${startPayloadOf.referral(code)}`;

export const campaignLink = (botUsername: string, code: string): string =>
  `https://t.me/${botUsername}?start=${startPayloadOf.campaign(code)}`;

/** An order made in a group or on a guest card, waiting for its caller's Stars (issue 42). */
export const orderTopUpLink = (botUsername: string, orderId: string): string =>
  `https://t.me/${botUsername}?start=${startPayloadOf.order(orderId)}`;
