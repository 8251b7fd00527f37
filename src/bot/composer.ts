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
}

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

  readonly #dispatch: MiddlewareFn<C> = (ctx, next) => {
    const kind = kindOf(ctx.update);
    let chain = this.#chains.get(kind);
    if (chain === undefined) {
      const relevant = this.#entries.filter((e) => e.only === undefined || e.only.has(kind));
      chain = composed(relevant.map((e) => e.run));
      this.#chains.set(kind, chain);
    }
    return chain(ctx, next);
  };

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
