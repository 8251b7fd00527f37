/**
 * What the app asks of Telegram's client (postEvent, through the bundled SDK): download a file,
 * share a prepared message to a chat, share a picture to a story, pay an invoice link, open a link
 * into the bot's chat, close, show the header's Back button. Outside Telegram there is nobody to ask: each does nothing then.
 */
import { on, postEvent } from '@tma.js/sdk';

function ask(run: () => void): void {
  try {
    run();
  } catch {
    // Not in Telegram (or a client too old for this method): nothing happens.
  }
}

/** The client's own download of `url` (same origin, signed), saved as `fileName`. */
export const downloadFile = (url: string, fileName: string) =>
  ask(() => postEvent('web_app_request_file_download', { url, file_name: fileName }));

/** Opens the chat picker for a message prepared by the bot (savePreparedInlineMessage). */
export const shareMessage = (preparedId: string) =>
  ask(() => postEvent('web_app_send_prepared_message', { id: preparedId }));

/** The story editor with the picture or video at `mediaUrl`, a caption and a link. */
export const shareToStory = (mediaUrl: string, text: string, link: { url: string; name: string }) =>
  ask(() => postEvent('web_app_share_to_story', { media_url: mediaUrl, text, widget_link: link }));

/** Telegram's payment sheet for an invoice link (createInvoiceLink): its slug is the last part. */
export const openInvoice = (invoiceUrl: string) =>
  ask(() => postEvent('web_app_open_invoice', { slug: invoiceUrl.replace(/^.*\/(\$|invoice\/)?/, '') }));

/** Opens a t.me link (the bot's chat with a /start payload) and closes the app. */
export function openInBot(link: string): void {
  const path = link.replace(/^https:\/\/t\.me/, '');
  ask(() => postEvent('web_app_open_tg_link', { path_full: path }));
}

/**
 * Telegram's own Back button in the header while `onBack` applies (the viewer is open): shown now,
 * hidden again by the function this returns.
 */
export function showBackButton(onBack: () => void): () => void {
  let stopListening = () => {};
  ask(() => {
    stopListening = on('back_button_pressed', onBack);
    postEvent('web_app_setup_back_button', { is_visible: true });
  });
  return () => {
    stopListening();
    ask(() => postEvent('web_app_setup_back_button', { is_visible: false }));
  };
}
