import type { MethodHandler } from '../core.js';
import * as bot from './bot.js';
import * as chats from './chats.js';
import * as edit from './edit.js';
import * as ephemeral from './ephemeral.js';
import { answerGuestQuery } from './guest.js';
import { answerInlineQuery, savePreparedInlineMessage } from './inline.js';
import * as payments from './payments.js';
import * as send from './send.js';

const [setMyName, getMyName] = bot.botText('name', 64);
const [setMyDescription, getMyDescription] = bot.botText('description', 512);
const [setMyShortDescription, getMyShortDescription] = bot.botText('short_description', 120);

const METHODS: Record<string, MethodHandler> = {
  getMe: bot.getMe,
  getUpdates: bot.getUpdates,
  setWebhook: bot.setWebhook,
  deleteWebhook: bot.deleteWebhook,
  getWebhookInfo: bot.getWebhookInfo,
  logOut: bot.ok,
  close: bot.ok,
  setMyCommands: bot.setMyCommands,
  getMyCommands: bot.getMyCommands,
  deleteMyCommands: bot.deleteMyCommands,
  setChatMenuButton: bot.setChatMenuButton,
  getChatMenuButton: bot.getChatMenuButton,
  setMyName,
  getMyName,
  setMyDescription,
  getMyDescription,
  setMyShortDescription,
  getMyShortDescription,
  setMyProfilePhoto: bot.setMyProfilePhoto,
  removeMyProfilePhoto: bot.removeMyProfilePhoto,
  getManagedBotToken: bot.getManagedBotToken,
  replaceManagedBotToken: bot.replaceManagedBotToken,
  getFile: bot.getFile,
  answerCallbackQuery: bot.answerCallbackQuery,
  answerInlineQuery,
  answerGuestQuery,
  savePreparedInlineMessage,
  getChat: chats.getChat,
  getChatMember: chats.getChatMember,
  sendMessage: send.sendMessage,
  sendPhoto: send.sendMedia('photo'),
  sendVideo: send.sendMedia('video'),
  sendAnimation: send.sendMedia('animation'),
  sendDocument: send.sendMedia('document'),
  sendAudio: send.sendMedia('audio'),
  sendMediaGroup: send.sendMediaGroup,
  sendChatAction: send.sendChatAction,
  copyMessage: send.copyMessage,
  forwardMessage: send.forwardMessage,
  editMessageText: edit.editMessageText,
  editMessageCaption: edit.editMessageCaption,
  editMessageMedia: edit.editMessageMedia,
  editMessageReplyMarkup: edit.editMessageReplyMarkup,
  deleteMessage: edit.deleteMessage,
  deleteMessages: edit.deleteMessages,
  editEphemeralMessageText: ephemeral.editEphemeralMessageText,
  editEphemeralMessageCaption: ephemeral.editEphemeralMessageCaption,
  editEphemeralMessageMedia: ephemeral.editEphemeralMessageMedia,
  editEphemeralMessageReplyMarkup: ephemeral.editEphemeralMessageReplyMarkup,
  deleteEphemeralMessage: ephemeral.deleteEphemeralMessage,
  sendInvoice: payments.sendInvoice,
  answerPreCheckoutQuery: payments.answerPreCheckoutQuery,
  refundStarPayment: payments.refundStarPayment,
  getStarTransactions: payments.getStarTransactions,
  createInvoiceLink: payments.createInvoiceLink,
  editUserStarSubscription: payments.editUserStarSubscription,
};

const BY_LOWER = new Map(
  Object.entries(METHODS).map(([name, handler]) => [name.toLowerCase(), { name, handler }]),
);

/** Telegram method names are case-insensitive; calls are recorded under the canonical name. */
export function lookupMethod(name: string): { name: string; handler: MethodHandler } | undefined {
  return BY_LOWER.get(name.toLowerCase());
}
