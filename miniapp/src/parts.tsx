/**
 * Small pieces every screen uses: totals cards, tables with a CSV button, loading and errors. On a
 * phone a table turns into one card per row (style.css): its first cell is the card's title, and
 * every other value is shown under its column's name, so nothing scrolls sideways.
 */
import type { ComponentChildren } from 'preact';
import { downloadCsv } from './api.js';
import { t } from './i18n.js';
import type { Load } from './use-load.js';

/** `name`: a stable handle for the card (data-card), whatever the language. */
export function Cards(props: {
  items: Array<{ label: string; value: string; tone?: 'good' | 'bad' | undefined; name?: string }>;
}) {
  return (
    <div class="cards">
      {props.items.map((c) => (
        <div class="card" key={c.label} data-card={c.name}>
          <div class="card-value" data-tone={c.tone}>
            {c.value}
          </div>
          <div class="card-label">{c.label}</div>
        </div>
      ))}
    </div>
  );
}

export function Section(props: { title: string; csv?: string; days?: number; children: ComponentChildren }) {
  return (
    <section class="section">
      <header class="section-head">
        <h2>{props.title}</h2>
        {props.csv && (
          <button
            type="button"
            class="link"
            onClick={() => void downloadCsv(props.csv!, props.days ?? 30).catch(() => undefined)}
          >
            {t('miniapp-csv')}
          </button>
        )}
      </header>
      {props.children}
    </section>
  );
}

export function Table(props: { head: string[]; rows: Array<Array<ComponentChildren>>; numeric?: number[] }) {
  if (props.rows.length === 0) return <p class="hint">{t('miniapp-empty')}</p>;
  const numeric = new Set(props.numeric ?? []);
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {props.head.map((h, i) => (
              <th key={h} class={numeric.has(i) ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                // data-label: on a phone each row is a card, and each value carries its column's name.
                <td
                  key={i}
                  class={numeric.has(i) ? 'num' : undefined}
                  data-label={props.head[i] || undefined}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Loading, an error with a retry, or the screen itself. */
export function Loaded<T>(props: {
  load: Load<T>;
  retry: () => void;
  children: (data: T) => ComponentChildren;
}) {
  if (props.load.state === 'loading') return <p class="hint">{t('miniapp-loading')}</p>;
  if (props.load.state === 'error') {
    return (
      <div class="notice">
        <p>{t(props.load.status === 503 ? 'miniapp-upstream-unavailable' : 'miniapp-error')}</p>
        <button type="button" onClick={props.retry}>
          {t('miniapp-retry')}
        </button>
      </div>
    );
  }
  return <>{props.children(props.load.data)}</>;
}
