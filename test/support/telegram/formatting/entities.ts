import type { MessageEntity } from 'grammy/types';

export interface FormattedText {
  text: string;
  entities: MessageEntity[];
}

/** tdlib-style entity parse failure; the description becomes "Bad Request: can't parse entities: <detail>". */
export class EntityParseError extends Error {}

/** Error messages quote UTF-8 byte offsets, as tdlib does. */
export function byteOffset(src: string, index: number): number {
  return Buffer.byteLength(src.slice(0, index), 'utf8');
}

/** Entities are collected while the text grows; empty ones are dropped like Telegram does. */
export function pushEntity(
  entities: MessageEntity[],
  entity: { type: string; offset: number; end: number } & Record<string, unknown>,
): void {
  const { end, ...rest } = entity;
  const length = end - entity.offset;
  if (length <= 0) return;
  entities.push({ ...rest, length } as MessageEntity);
}

export function sortEntities(entities: MessageEntity[]): MessageEntity[] {
  return entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
}
