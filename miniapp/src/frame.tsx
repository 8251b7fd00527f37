/**
 * What both pages (the control room, the customers' app) are framed by: the gate shown when the
 * page was not opened by Telegram or its user may not use it, the answer to a first call that
 * failed, and the tab bar. Each page passes its own words.
 */
import type { ComponentChildren } from 'preact';

/** Opened outside Telegram (or with initData the server refused), or by someone refused. */
export function Gate(props: { forbidden: boolean; title: string; text: string }) {
  return (
    <main class="gate" data-gate={props.forbidden ? 'forbidden' : 'open-from-bot'}>
      <div class="gate-icon" aria-hidden="true">
        🔒
      </div>
      <h1>{props.title}</h1>
      <p>{props.text}</p>
    </main>
  );
}

/** A page's first call failed: 401 and 403 are its gate, anything else a retry. */
export function FirstCallFailed(props: {
  status: number;
  gate: (forbidden: boolean) => ComponentChildren;
  error: string;
  retry: string;
  onRetry: () => void;
}) {
  if (props.status === 401 || props.status === 403) return <>{props.gate(props.status === 403)}</>;
  return (
    <div class="notice center">
      <p>{props.error}</p>
      <button type="button" onClick={props.onRetry}>
        {props.retry}
      </button>
    </div>
  );
}

/** One button per tab, the current one marked as the page shown. */
export function Tabs<T extends string>(props: {
  tabs: readonly T[];
  current: T;
  label: (tab: T) => string;
  onPick: (tab: T) => void;
}) {
  return (
    <nav class="tabs">
      {props.tabs.map((name) => (
        <button
          key={name}
          type="button"
          aria-current={name === props.current ? 'page' : undefined}
          data-tab={name}
          onClick={() => props.onPick(name)}
        >
          {props.label(name)}
        </button>
      ))}
    </nav>
  );
}
