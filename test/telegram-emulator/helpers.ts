import { deflateSync } from 'node:zlib';
import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import {
  type EmulatorOptions,
  startTelegramEmulator,
  type TelegramEmulator,
} from '../support/telegram/emulator.js';

/** An emulator plus a real grammY bot long-polling it; `stop` tears both down. */
export interface Harness {
  emu: TelegramEmulator;
  bot: Bot;
  errors: unknown[];
  stop(): Promise<void>;
}

export async function startEmulator(opts?: EmulatorOptions): Promise<TelegramEmulator> {
  return startTelegramEmulator(opts);
}

export function botFor(emu: TelegramEmulator): Bot {
  return new Bot(emu.token, { client: { apiRoot: emu.apiRoot } });
}

/** `setup` registers handlers before polling starts; resolves once the bot is polling. */
export async function startPollingBot(
  setup: (bot: Bot, emu: TelegramEmulator) => void,
  opts?: EmulatorOptions,
): Promise<Harness> {
  const emu = await startTelegramEmulator(opts);
  const bot = botFor(emu);
  const errors: unknown[] = [];
  bot.catch((err) => {
    errors.push(err.error);
  });
  setup(bot, emu);
  let polling: Promise<void> = Promise.resolve();
  await new Promise<void>((resolve) => {
    polling = bot.start({ onStart: () => resolve() });
  });
  return {
    emu,
    bot,
    errors,
    async stop() {
      await bot.stop();
      await polling;
      await emu.close();
    },
  };
}

/** A real, minimal PNG of the given size (solid grey), so dimension checks see true headers. */
export function png(width: number, height: number): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0x80)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Raw Bot API call, for asserting exact error shapes. */
export async function rawCall(
  emu: TelegramEmulator,
  method: string,
  body: Record<string, unknown> = {},
  token = emu.token,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${emu.apiRoot}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const offsets = new WeakMap<TelegramEmulator, number>();

/** The updates queued since the last call (getUpdates over HTTP, confirming what it took). */
export async function takeUpdates(
  emu: TelegramEmulator,
  body: Record<string, unknown> = {},
): Promise<Update[]> {
  const res = await rawCall(emu, 'getUpdates', { offset: offsets.get(emu) ?? 0, timeout: 0, ...body });
  const updates = res.json['result'] as Update[];
  const last = updates.at(-1);
  if (last) offsets.set(emu, last.update_id + 1);
  return updates;
}
