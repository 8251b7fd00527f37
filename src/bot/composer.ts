/**
 * grammY's Composer with its middleware tree built once, at start-up.
 *
 * grammY's `filter` (behind `on`, `command`, `callbackQuery`, `chatType`...) goes through `branch`
 * and `lazy`, which build a new Composer for every update at every filter they pass; with the
 * bot's hundred-odd filters that was 40% of its CPU per update and most of its garbage. Here a
 * filter runs the predicate and then the composer it built when it was registered, and a chain of
 * `use` costs one small closure per step. Same order, same `next` semantics, same errors: features
 * use it exactly as grammY's (`import { Composer } from '../composer.js'`).
 */
import { type Context, Composer as GrammyComposer, type Middleware, type MiddlewareFn } from 'grammy';

type MaybePromise<T> = T | Promise<T>;
type Predicate<C> = (ctx: C) => MaybePromise<boolean>;

function flatten<C extends Context>(mw: Middleware<C>): MiddlewareFn<C> {
  if (typeof mw === 'function') return mw;
  return (ctx, next) => mw.middleware()(ctx, next);
}

const passThrough: MiddlewareFn<Context> = (_ctx, next) => next();

/** `first`, then `andThen` when `first` calls next: grammY's concat without its two async frames. */
function concat<C extends Context>(first: MiddlewareFn<C>, andThen: MiddlewareFn<C>): MiddlewareFn<C> {
  return (ctx, next) => {
    let nextCalled = false;
    try {
      return Promise.resolve(
        first(ctx, (): Promise<void> => {
          if (nextCalled) return Promise.reject(new Error('`next` already called before!'));
          nextCalled = true;
          return Promise.resolve(andThen(ctx, next)) as Promise<void>;
        }),
      );
    } catch (err) {
      return Promise.reject(err);
    }
  };
}

/** Runs `whenTrue` if the predicate holds, else `whenFalse`; nothing is built per update. */
function branching<C extends Context>(
  predicate: Predicate<C>,
  whenTrue: MiddlewareFn<C>,
  whenFalse: MiddlewareFn<C>,
): MiddlewareFn<C> {
  return (ctx, next) => {
    // A throw becomes a rejection, as from grammY's async branch.
    try {
      const verdict = predicate(ctx);
      if (typeof verdict !== 'boolean') {
        return verdict.then((ok) => (ok ? whenTrue(ctx, next) : whenFalse(ctx, next)));
      }
      return Promise.resolve(verdict ? whenTrue(ctx, next) : whenFalse(ctx, next));
    } catch (err) {
      return Promise.reject(err);
    }
  };
}

function composed<C extends Context>(middleware: Middleware<C>[]): MiddlewareFn<C> {
  if (middleware.length === 0) return passThrough;
  return middleware.map(flatten).reduce(concat);
}

/** Updates a command can be in (grammY's command filter reads `message` or `channel_post`). */
const COMMAND_KINDS: ReadonlySet<string> = new Set([
  'message',
  'edited_message',
  'channel_post',
  'edited_channel_post',
  'business_message',
  'edited_business_message',
]);
const CALLBACK_KINDS: ReadonlySet<string> = new Set(['callback_query']);

/** The update's kind: its one field besides update_id (`message`, `callback_query`...). */
function kindOf(update: Context['update']): string {
  // The usual kinds first: each composer on the way asks.
  if (update.message !== undefined) return 'message';
  if (update.callback_query !== undefined) return 'callback_query';
  for (const key in update) if (key !== 'update_id') return key;
  return '';
}

interface Entry<C extends Context> {
  run: MiddlewareFn<C>;
  /** The only kinds of update it can act on (a command, a callback query); absent: any. */
  only?: ReadonlySet<string>;
  /** A command filter's commands, as registered (`start`, `help@bot`). */
  commands?: ReadonlySet<string>;
}

/**
 * The commands an update could match, as grammY's command filter reads it: the bot_command entity
 * at offset 0 of a message's or channel post's text, with and without its `@target` (grammY then
 * checks the target against the bot's username). Empty: no command filter can match.
 */
function commandCandidates(update: Context['update']): readonly string[] {
  const msg = update.message ?? update.channel_post;
  const text = msg?.text;
  if (!text || !msg.entities) return NO_COMMANDS;
  let known = candidatesOf.get(update);
  if (known) return known;
  const entity = msg.entities.find((e) => e.type === 'bot_command' && e.offset === 0);
  if (!entity) known = NO_COMMANDS;
  else {
    const command = text.substring(1, entity.length);
    const at = command.indexOf('@');
    known = at === -1 ? [command] : [command, command.substring(0, at)];
  }
  // Each composer on the update's way asks: read once per update.
  candidatesOf.set(update, known);
  return known;
}
const NO_COMMANDS: readonly string[] = [];
const candidatesOf = new WeakMap<object, readonly string[]>();

export class Composer<C extends Context> extends GrammyComposer<C> {
  readonly #entries: Entry<C>[] = [];
  /**
   * The chain for each kind of update, built on its first update: a callback query never walks
   * past the commands, a message never past the buttons. Registering anything rebuilds them.
   */
  readonly #chains = new Map<string, MiddlewareFn<C>>();

  constructor(...middleware: Array<Middleware<C>>) {
    super();
    if (middleware.length > 0) this.#entries.push({ run: composed(middleware) });
  }

  /** Every command some entry filters on: what a chain's key may name (so the keys are few). */
  readonly #commands = new Set<string>();

  readonly #dispatch: MiddlewareFn<C> = (ctx, next) => {
    const kind = kindOf(ctx.update);
    // The command filters that cannot match this update are left out of its chain too: a /help
    // walks past the other commands' filters without testing each, a plain message past them all.
    // grammY's own filter still decides for those kept.
    const commands = this.#commandsOf(ctx.update);
    const key = commands.length === 0 ? kind : `${kind}/${commands.join('/')}`;
    let chain = this.#chains.get(key);
    if (chain === undefined) {
      const relevant = this.#entries.filter(
        (e) =>
          (e.only === undefined || e.only.has(kind)) &&
          (e.commands === undefined || commands.some((c) => e.commands!.has(c))),
      );
      chain = composed(relevant.map((e) => e.run));
      this.#chains.set(key, chain);
    }
    return chain(ctx, next);
  };

  /** The commands of `update` some command filter here could match (no closure: every update asks). */
  #commandsOf(update: Context['update']): readonly string[] {
    const candidates = commandCandidates(update);
    let mine: readonly string[] = NO_COMMANDS;
    for (const c of candidates) if (this.#commands.has(c)) mine = [...mine, c];
    return mine;
  }

  override middleware(): MiddlewareFn<C> {
    return this.#dispatch;
  }

  override use(...middleware: Array<Middleware<C>>): Composer<C> {
    const composer = new Composer<C>(...middleware);
    this.#entries.push({ run: flatten(composer) });
    this.#chains.clear();
    return composer;
  }

  /** The last entry (the filter just registered) acts only on updates of these kinds. */
  #onlyFor(kinds: ReadonlySet<string>): void {
    this.#entries[this.#entries.length - 1]!.only = kinds;
    this.#chains.clear();
  }

  override command(
    ...args: Parameters<GrammyComposer<C>['command']>
  ): ReturnType<GrammyComposer<C>['command']> {
    const composer = super.command(...args);
    this.#onlyFor(COMMAND_KINDS);
    const names = new Set<string>([args[0]].flat());
    this.#entries[this.#entries.length - 1]!.commands = names;
    for (const name of names) this.#commands.add(name);
    return composer;
  }

  override callbackQuery(
    ...args: Parameters<GrammyComposer<C>['callbackQuery']>
  ): ReturnType<GrammyComposer<C>['callbackQuery']> {
    const composer = super.callbackQuery(...args);
    this.#onlyFor(CALLBACK_KINDS);
    return composer;
  }

  override filter<D extends C>(
    predicate: (ctx: C) => ctx is D,
    ...middleware: Array<Middleware<D>>
  ): GrammyComposer<D>;
  override filter(predicate: Predicate<C>, ...middleware: Array<Middleware<C>>): GrammyComposer<C>;
  override filter(predicate: Predicate<C>, ...middleware: Array<Middleware<C>>): GrammyComposer<C> {
    const composer = new Composer<C>(...middleware);
    this.use(branching(predicate, flatten(composer), passThrough));
    return composer;
  }

  override branch(
    predicate: Predicate<C>,
    trueMiddleware: Middleware<C> | Middleware<C>[],
    falseMiddleware: Middleware<C> | Middleware<C>[],
  ): Composer<C> {
    const list = (mw: Middleware<C> | Middleware<C>[]) => (Array.isArray(mw) ? mw : [mw]);
    return this.use(branching(predicate, composed(list(trueMiddleware)), composed(list(falseMiddleware))));
  }
}
