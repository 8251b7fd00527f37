const BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain',
  json: 'application/json',
};

/** Telegram derives a document's mime_type from its file name. */
export function mimeFromName(name: string | undefined): string | undefined {
  const ext = name?.split('.').pop()?.toLowerCase();
  return ext ? BY_EXT[ext] : undefined;
}

export function extFromMime(mime: string | undefined): string | undefined {
  return Object.entries(BY_EXT).find(([, m]) => m === mime)?.[0];
}
