import { Api, Context, Composer as GrammyComposer } from 'grammy';
import type { Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { Composer } from '../../src/bot/composer.js';
import { callbackQuery, TEST_BOT_INFO, textMessage } from '../support/in-process-bot.js';

type Trace = string[];
type AnyComposer = GrammyComposer<Context>;

/**
 * One tree of features as the bot builds them (chat types, commands, callback queries, update
 * types, sync and async filters, branches, handlers that pass on and handlers that stop), built
 * with either Composer: both must run the same handlers in the same order for every update.
 */
function buildTree(make: () => AnyComposer, trace: Trace): AnyComposer {
  const root = make();
  const note =
    (name: string, passOn = false) =>
    async (_ctx: Context, next: () => Promise<void>) => {
      trace.push(name);
      if (passOn) await next();
    };
  root.use(async (_ctx, next) => {
    trace.push('outer:before');
    await next();
    trace.push('outer:after');
  });
  const payments = make();
  payments.on('pre_checkout_query', note('payments:checkout'));
  payments.on('message:successful_payment', note('payments:paid'));
  root.use(payments);

  const first = make();
  const privateChats = first.chatType('private');
  privateChats.command('cancel', note('cancel'));
  // Several commands, one of them only when addressed to this bot by name.
  first.command(['start', 'go@test_bot'], note('start', true));
  privateChats.use(note('private:seen', true));
  root.use(first);

  const admins = make();
  admins
    .chatType('private')
    .filter(async (ctx) => ctx.from?.id === 1)
    .command('stats', note('admin:stats'));
  root.use(admins);

  const menus = make();
  const menuChats = menus.chatType('private');
  menuChats.callbackQuery(/^m:help$/, note('menu:help'));
  menuChats.callbackQuery('m:wallet', note('menu:wallet', true));
  menuChats.command('help', note('help:first', true), note('help:second'));
  menuChats.hears(/^hello/, note('hello'));
  menuChats.branch((ctx) => ctx.message?.text === 'left', note('branch:left'), [note('branch:right', true)]);
  menuChats.drop((ctx) => ctx.from?.id === 7, note('not-user-7', true));
  root.use(menus);

  const fallback = make();
  fallback.chatType('private').on('callback_query', note('unhandled:callback'));
  fallback.chatType('private').on('message', note('unhandled:message'));
  root.use(fallback);
  return root;
}

const from = { id: 5, language_code: 'en' };
const admin = { id: 1, language_code: 'en' };
const user7 = { id: 7, language_code: 'en' };
/** `text` with its bot_command entity where the text says (grammY reads the entity, not the text). */
function withCommandAt(text: string, offset: number, length: number): Omit<Update, 'update_id'> {
  const { message } = textMessage(from, text);
  return { message: { ...message, entities: [{ type: 'bot_command', offset, length }] } };
}
const updates: Array<Omit<Update, 'update_id'>> = [
  textMessage(from, '/help'),
  textMessage(from, '/help@test_bot'),
  textMessage(from, '/help@other_bot'),
  textMessage(from, '/HELP'),
  textMessage(from, '/helpme'),
  textMessage(from, '/start payload'),
  textMessage(from, '/go@test_bot'),
  textMessage(from, '/go'),
  withCommandAt('see /help', 4, 5),
  { edited_message: textMessage(from, '/help').message } as Omit<Update, 'update_id'>,
  {
    channel_post: { ...textMessage(from, '/start').message, chat: { id: -5, type: 'channel', title: 'C' } },
  } as Omit<Update, 'update_id'>,
  {
    message: { ...textMessage(from, 'x').message, text: undefined, caption: '/help', photo: [] },
  } as Omit<Update, 'update_id'>,
  textMessage(from, '/cancel'),
  textMessage(from, 'hello there'),
  textMessage(from, 'left'),
  textMessage(user7, 'something'),
  textMessage(from, '/stats'),
  textMessage(admin, '/stats'),
  callbackQuery(from, 'm:help'),
  callbackQuery(from, 'm:wallet'),
  callbackQuery(user7, 'x:unknown'),
  {
    pre_checkout_query: {
      id: 'q',
      from: { id: 5, is_bot: false, first_name: 'Ann' },
      currency: 'XTR',
      total_amount: 10,
      invoice_payload: 'p',
    },
  },
  {
    message: {
      ...textMessage(from, 'x').message,
      text: undefined,
      successful_payment: {
        currency: 'XTR',
        total_amount: 10,
        invoice_payload: 'p',
        telegram_payment_charge_id: 'c',
        provider_payment_charge_id: 'p',
      },
    },
  } as Omit<Update, 'update_id'>,
  {
    message: {
      ...textMessage(from, '/help').message,
      chat: { id: -100, type: 'group', title: 'G' },
    },
  } as Omit<Update, 'update_id'>,
];

async function traceOf(make: () => AnyComposer, update: Omit<Update, 'update_id'>): Promise<Trace> {
  const trace: Trace = [];
  const tree = buildTree(make, trace);
  const ctx = new Context({ update_id: 1, ...update } as Update, new Api('1:T'), TEST_BOT_INFO);
  await tree.middleware()(ctx, async () => {
    trace.push('end');
  });
  return trace;
}

describe('Composer built once at start-up', () => {
  it.each(updates.map((u, i) => [i, u] as const))(
    'update %i runs the same handlers as grammY',
    async (_i, u) => {
      const ours = await traceOf(() => new Composer<Context>(), u);
      const theirs = await traceOf(() => new GrammyComposer<Context>(), u);
      expect(ours).toEqual(theirs);
      expect(ours.length).toBeGreaterThan(2);
    },
  );

  it('handlers registered after a filter was chained still run (the filter reads its composer per update)', async () => {
    const trace: Trace = [];
    const root = new Composer<Context>();
    const privateChats = root.chatType('private');
    const ctx = new Context(
      { update_id: 1, ...textMessage(from, '/late') } as Update,
      new Api('1:T'),
      TEST_BOT_INFO,
    );
    privateChats.command('late', () => {
      trace.push('late');
    });
    await root.middleware()(ctx, async () => {});
    expect(trace).toEqual(['late']);
  });

  it('a button or command registered after updates of its kind went through still runs', async () => {
    const trace: Trace = [];
    const root = new Composer<Context>();
    const privateChats = root.chatType('private');
    const context = (u: Omit<Update, 'update_id'>) =>
      new Context({ update_id: 1, ...u } as Update, new Api('1:T'), TEST_BOT_INFO);
    await root.middleware()(context(callbackQuery(from, 'late')), async () => {});
    await root.middleware()(context(textMessage(from, '/late')), async () => {});
    privateChats.callbackQuery('late', () => {
      trace.push('button');
    });
    privateChats.command('late', () => {
      trace.push('command');
    });
    await root.middleware()(context(callbackQuery(from, 'late')), async () => {});
    await root.middleware()(context(textMessage(from, '/late')), async () => {});
    expect(trace).toEqual(['button', 'command']);
  });

  it('an error in a handler, and a second call of next, reject like grammY', async () => {
    const failing = new Composer<Context>();
    failing.command('help', () => {
      throw new Error('boom');
    });
    const ctx = new Context(
      { update_id: 1, ...textMessage(from, '/help') } as Update,
      new Api('1:T'),
      TEST_BOT_INFO,
    );
    await expect(failing.middleware()(ctx, async () => {})).rejects.toThrow('boom');

    const twice = new Composer<Context>();
    twice.use(async (_c, next) => {
      await next();
      await next();
    });
    twice.use(() => {});
    await expect(twice.middleware()(ctx, async () => {})).rejects.toThrow('`next` already called before!');
  });
});
