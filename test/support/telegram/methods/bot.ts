import { ApiError, badRequest, benignBadRequest } from '../api-error.js';
import type { MethodHandler } from '../core.js';
import { imageSize } from '../files/image-size.js';
import { isRecord, optBool, optInt, optJson, optString } from '../params.js';
import { checkWebApp } from '../reply-markup.js';

export const getMe: MethodHandler = (core) => core.botUser;

export const getUpdates: MethodHandler = (core, { params, signal }) => {
  if (core.settings.webhook.url) {
    throw new ApiError(
      409,
      "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    );
  }
  const allowed = optJson(params, 'allowed_updates', "can't parse allowed_updates JSON array");
  return core.updates.poll({
    offset: optInt(params, 'offset'),
    limit: optInt(params, 'limit'),
    timeoutSeconds: optInt(params, 'timeout'),
    allowedUpdates: Array.isArray(allowed) ? allowed.map(String) : undefined,
    signal,
  });
};

/** Webhooks are stored for getWebhookInfo; the emulator itself only delivers via getUpdates. */
export const setWebhook: MethodHandler = (core, { params }) => {
  const url = optString(params, 'url') ?? '';
  if (url && !/^https:\/\//.test(url))
    throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  const maxConnections = optInt(params, 'max_connections');
  if (maxConnections !== undefined && (maxConnections < 1 || maxConnections > 100))
    throw badRequest('bad webhook: max_connections must be between 1 and 100');
  if (optBool(params, 'drop_pending_updates')) core.updates.dropPending();
  core.settings.webhook = { ...params, url };
  return true;
};

export const deleteWebhook: MethodHandler = (core, { params }) => {
  if (optBool(params, 'drop_pending_updates')) core.updates.dropPending();
  core.settings.webhook = { url: '' };
  return true;
};

export const getWebhookInfo: MethodHandler = (core) => ({
  url: core.settings.webhook.url,
  has_custom_certificate: false,
  pending_update_count: core.updates.undelivered(),
  ...(core.settings.webhook['allowed_updates']
    ? { allowed_updates: core.settings.webhook['allowed_updates'] }
    : {}),
});

export const ok: MethodHandler = () => true;

export const setMyCommands: MethodHandler = (core, { params }) => {
  const commands = optJson(params, 'commands', "can't parse commands JSON array");
  const scope = optJson(params, 'scope', "can't parse BotCommandScope JSON object");
  // Like Telegram: a chat-scoped list needs a chat the user has opened with the bot.
  const chatId = (scope as { type?: string; chat_id?: unknown } | undefined)?.chat_id;
  if (chatId !== undefined) {
    const chat = core.chats.get(Number(chatId));
    if (!chat || (chat.events.length === 0 && chat.messages.size === 0))
      throw benignBadRequest('chat not found');
  }
  core.settings.setCommands(commands, scope, optString(params, 'language_code'));
  return true;
};

export const getMyCommands: MethodHandler = (core, { params }) =>
  core.settings.getCommands(
    optJson(params, 'scope', "can't parse BotCommandScope JSON object"),
    optString(params, 'language_code'),
  );

export const deleteMyCommands: MethodHandler = (core, { params }) => {
  core.settings.deleteCommands(
    optJson(params, 'scope', "can't parse BotCommandScope JSON object"),
    optString(params, 'language_code'),
  );
  return true;
};

export const setChatMenuButton: MethodHandler = (core, { params }) => {
  const button = optJson(params, 'menu_button', "can't parse MenuButton JSON object") ?? { type: 'default' };
  checkMenuButton(button);
  const chatId = params['chat_id'];
  // Like setMyCommands: a chat the user never opened answers "chat not found", a runtime fact
  // (an admin who has not started the bot yet), not a bug of the bot's.
  if (chatId !== undefined) {
    const chat = core.chats.get(Number(chatId));
    if (!chat || (chat.events.length === 0 && chat.messages.size === 0))
      throw benignBadRequest('chat not found');
  }
  core.settings.menuButtons.set(String(chatId ?? 'default'), button);
  return true;
};

/** MenuButtonCommands, MenuButtonDefault, or MenuButtonWebApp with a text and an https page. */
function checkMenuButton(button: unknown): void {
  const type = isRecord(button) ? button['type'] : undefined;
  if (type === 'commands' || type === 'default') return;
  if (type !== 'web_app' || !isRecord(button)) throw badRequest("can't parse MenuButton JSON object");
  const text = button['text'];
  if (typeof text !== 'string' || text.trim() === '') throw badRequest('BUTTON_TEXT_INVALID');
  checkWebApp(button['web_app'], 'menu button');
}

export const getChatMenuButton: MethodHandler = (core, { params }) =>
  core.settings.menuButtons.get(String(params['chat_id'] ?? 'default')) ??
  core.settings.menuButtons.get('default') ?? { type: 'commands' };

/** setMyName / setMyDescription / setMyShortDescription and their getters, per language. */
export function botText(
  field: 'name' | 'description' | 'short_description',
  max: number,
): [MethodHandler, MethodHandler] {
  const key = (lang: string | undefined) => `${field}|${lang ?? ''}`;
  const set: MethodHandler = (core, { params }) => {
    const value = optString(params, field) ?? '';
    if (value.length > max) throw badRequest(`${field.toUpperCase()}_INVALID`);
    core.settings.texts.set(key(optString(params, 'language_code')), value);
    return true;
  };
  const get: MethodHandler = (core, { params }) => ({
    [field]: core.settings.texts.get(key(optString(params, 'language_code'))) ?? '',
  });
  return [set, get];
}

export const getFile: MethodHandler = (core, { params }) => {
  const file = core.files.get(optString(params, 'file_id') ?? '');
  if (!file) throw badRequest('invalid file_id');
  // The cloud Bot API refuses files over 20 MB; a local server has no such limit.
  if (!core.localDir && file.size > core.getFileLimitBytes) throw benignBadRequest('file is too big');
  return {
    file_id: file.fileId,
    file_unique_id: file.uniqueId,
    file_size: file.size,
    file_path: core.files.localPath(file) ?? file.filePath,
  };
};

const CALLBACK_TEXT_LIMIT = 200;

export const answerCallbackQuery: MethodHandler = (core, { params }) => {
  const id = optString(params, 'callback_query_id') ?? '';
  const text = optString(params, 'text');
  if (text !== undefined && text.length > CALLBACK_TEXT_LIMIT) throw badRequest('MESSAGE_TOO_LONG');
  const showAlert = optBool(params, 'show_alert');
  const url = optString(params, 'url');
  core.callbacks.answer(id, {
    ...(text !== undefined ? { text } : {}),
    ...(showAlert !== undefined ? { show_alert: showAlert } : {}),
    ...(url !== undefined ? { url } : {}),
  });
  const chat = core.chats.get(core.callbacks.chatOf(id) ?? Number.NaN);
  if (chat) core.chats.record(chat, { type: 'answered', queryId: id, text, showAlert });
  return true;
};

/** getManagedBotToken: only the bot that manages it may read a managed bot's token. */
export const getManagedBotToken: MethodHandler = (core, { params }) =>
  core.managedBots.tokenOf(requiredUserId(params));

/** replaceManagedBotToken: a new token; the old one answers 401 from now on. */
export const replaceManagedBotToken: MethodHandler = (core, { params }) =>
  core.managedBots.replace(requiredUserId(params));

function requiredUserId(params: Record<string, unknown>): number {
  const userId = optInt(params, 'user_id');
  if (userId === undefined) throw badRequest('user_id is required');
  return userId;
}

/**
 * setMyProfilePhoto: an InputProfilePhoto, static (`photo`) or animated (`animation`), whose file
 * is uploaded with the call (attach://); a file_id or a URL is refused, as Telegram does, and so
 * is a static photo whose bytes are no image.
 */
export const setMyProfilePhoto: MethodHandler = (core, { params, uploads }) => {
  const photo = optJson(params, 'photo', "can't parse InputProfilePhoto JSON object");
  if (!isRecord(photo)) throw badRequest('PHOTO_INVALID');
  const field = photo['type'] === 'static' ? 'photo' : photo['type'] === 'animated' ? 'animation' : undefined;
  const ref = field === undefined ? undefined : photo[field];
  const upload =
    typeof ref === 'string' && ref.startsWith('attach://') ? uploads.get(ref.slice(9)) : undefined;
  if (!upload) throw badRequest('PHOTO_INVALID');
  if (upload.size === 0) throw badRequest('file must be non-empty');
  if (field === 'photo' && upload.data && !imageSize(upload.data)) throw badRequest('IMAGE_PROCESS_FAILED');
  core.profilePhoto = `${field}:${upload.size}`;
  return true;
};

export const removeMyProfilePhoto: MethodHandler = (core) => {
  core.profilePhoto = undefined;
  return true;
};
