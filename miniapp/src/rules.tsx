/**
 * Content rules (issue 42): the blocked lines per list (everyone's, then each installed language's),
 * when refused descriptions ban a customer, which models stay in private chats or wait for a
 * customer's paid orders; what the rules refused lately. One Save sends the whole document with the
 * version it read: a 409 means someone else saved first, and the screen shows theirs and says so; a
 * 422 puts what to change next to each field (rules-errors.ts).
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { RulesDocument, RulesErrors } from '../../src/services/admin/dashboard-types.js';
import { ApiError, putJson } from './api.js';
import { t } from './i18n.js';
import { modelTypeLabel } from './labels.js';
import { Loaded, Section, Table } from './parts.js';
import { bodyOf, type Draft, draftOf, EVERYONE, listKeys } from './rules-draft.js';
import { type Refusals, refusalsOf } from './rules-errors.js';
import { RecentRefusals, RulesFigures } from './rules-recent.js';
import { languageName } from './settings-errors.js';
import { useLoad } from './use-load.js';

type Outcome =
  | { kind: 'saved' | 'conflict' | 'too-fast' | 'too-large' | 'unavailable' | 'error' }
  | { kind: 'invalid'; refusals: Refusals };

const OUTCOME_TEXT: Record<Exclude<Outcome['kind'], 'invalid'>, string> = {
  saved: 'miniapp-rules-saved',
  conflict: 'miniapp-rules-conflict',
  'too-fast': 'miniapp-settings-too-fast',
  'too-large': 'miniapp-rules-too-large',
  unavailable: 'miniapp-upstream-unavailable',
  error: 'miniapp-error',
};

/** What to change, under the field it is about. */
function FieldErrors({ messages }: { messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <ul class="field-errors">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

function NumberField(props: {
  label: string;
  name: string;
  value: string;
  min: number;
  max: number;
  error: string | undefined;
  onValue: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        type="number"
        inputMode="numeric"
        name={props.name}
        min={props.min}
        max={props.max}
        step={1}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        onInput={(e) => props.onValue(e.currentTarget.value)}
      />
      <FieldErrors messages={props.error ? [props.error] : undefined} />
    </label>
  );
}

function SaveOutcome({ outcome }: { outcome: Outcome | undefined }) {
  if (!outcome) return null;
  const text = outcome.kind === 'invalid' ? t('miniapp-rules-invalid') : t(OUTCOME_TEXT[outcome.kind]);
  return (
    <div class="notice-line" data-kind={outcome.kind} role="status">
      {text}
      {outcome.kind === 'invalid' && <FieldErrors messages={outcome.refusals.other} />}
    </div>
  );
}

function outcomeOf(err: unknown, refusals: (body: RulesErrors) => Refusals): Outcome {
  if (!(err instanceof ApiError)) return { kind: 'error' };
  switch (err.status) {
    case 409:
      return { kind: 'conflict' };
    case 413:
      return { kind: 'too-large' };
    case 422:
      return { kind: 'invalid', refusals: refusals(err.body as RulesErrors) };
    case 429:
      return { kind: 'too-fast' };
    case 503:
      return { kind: 'unavailable' };
    default:
      return { kind: 'error' };
  }
}

function RulesEditor({ initial }: { initial: RulesDocument }) {
  const [doc, setDoc] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const show = (next: RulesDocument) => {
    setDoc(next);
    setDraft(draftOf(next));
  };
  const edit = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const refused = outcome?.kind === 'invalid' ? outcome.refusals : undefined;
  const { limits } = doc;

  const save = async (e: Event) => {
    e.preventDefault();
    const { body, sent } = bodyOf(draft, doc);
    setBusy(true);
    try {
      show(await putJson<RulesDocument>('/rules', body));
      setOutcome({ kind: 'saved' });
    } catch (err) {
      const next = outcomeOf(err, (b) => refusalsOf(b?.errors ?? [], sent, doc));
      const theirs = (err as ApiError).body as { rules?: RulesDocument } | undefined;
      if (next.kind === 'conflict' && theirs?.rules) show(theirs.rules);
      setOutcome(next);
    } finally {
      setBusy(false);
    }
  };

  const listLabel = (key: string) => {
    const language = doc.languages.find((l) => l.tag === key);
    return key === EVERYONE || !language
      ? t('miniapp-rules-everyone')
      : t('miniapp-rules-language', { language: languageName(language) });
  };
  const togglePrivate = (id: number, on: boolean) => {
    const next = new Set(draft.privateOnly);
    if (on) next.add(id);
    else next.delete(id);
    edit({ privateOnly: next });
  };
  const modelsTable: Array<Array<ComponentChildren>> = doc.models.map((m) => [
    m.name,
    modelTypeLabel(m.type),
    <input
      key="private"
      type="checkbox"
      name={`private-${m.id}`}
      aria-label={t('miniapp-rules-private-only')}
      checked={draft.privateOnly.has(m.id)}
      onChange={(e) => togglePrivate(m.id, e.currentTarget.checked)}
    />,
    <span key="paid">
      <input
        type="number"
        inputMode="numeric"
        name={`paid-${m.id}`}
        min={0}
        max={limits.maxPaidOrders}
        step={1}
        placeholder="0"
        aria-label={t('miniapp-rules-paid-orders')}
        aria-invalid={refused?.models[m.id] ? true : undefined}
        value={draft.paidOrders[m.id] ?? ''}
        onInput={(e) => edit({ paidOrders: { ...draft.paidOrders, [m.id]: e.currentTarget.value } })}
      />
      <FieldErrors messages={refused?.models[m.id] ? [refused.models[m.id]!] : undefined} />
    </span>,
  ]);

  return (
    <>
      <RulesFigures figures={doc.figures} />
      <form class="rules" onSubmit={save} noValidate>
        <Section title={t('miniapp-rules-blocked')}>
          <p class="hint small">{t('miniapp-rules-blocked-hint')}</p>
          <p class="hint small">{t('miniapp-rules-lists-hint')}</p>
          {listKeys(doc).map((key) => {
            const text = draft.lists[key] ?? '';
            return (
              <label key={key} data-list={key}>
                {listLabel(key)}
                <textarea
                  name={`list-${key}`}
                  rows={Math.min(12, Math.max(3, text.split('\n').length + 1))}
                  value={text}
                  spellcheck={false}
                  aria-invalid={refused?.lists[key] ? true : undefined}
                  onInput={(e) => edit({ lists: { ...draft.lists, [key]: e.currentTarget.value } })}
                />
                <FieldErrors messages={refused?.lists[key]} />
              </label>
            );
          })}
        </Section>
        <Section title={t('miniapp-rules-strikes')}>
          <div class="rules-strikes">
            <NumberField
              label={t('miniapp-rules-strikes-limit')}
              name="strikes-limit"
              value={draft.limit}
              min={0}
              max={limits.maxStrikes}
              error={refused?.limit}
              onValue={(limit) => edit({ limit })}
            />
            <NumberField
              label={t('miniapp-rules-strikes-window')}
              name="strikes-window"
              value={draft.windowHours}
              min={1}
              max={limits.maxWindowHours}
              error={refused?.windowHours}
              onValue={(windowHours) => edit({ windowHours })}
            />
          </div>
          <p class="hint small">{t('miniapp-rules-strikes-hint')}</p>
        </Section>
        <Section title={t('miniapp-rules-models')}>
          <p class="hint small">{t('miniapp-rules-models-hint')}</p>
          <div class="rules-models">
            <Table
              head={[
                t('miniapp-rules-model'),
                t('miniapp-rules-type'),
                t('miniapp-rules-private-only'),
                t('miniapp-rules-paid-orders'),
              ]}
              rows={modelsTable}
            />
          </div>
        </Section>
        <div class="save-bar">
          <button type="submit" disabled={busy}>
            {t('miniapp-rules-save')}
          </button>
          <SaveOutcome outcome={outcome} />
        </div>
      </form>
      <RecentRefusals recent={doc.recent} />
    </>
  );
}

export function RulesScreen() {
  const [load, retry] = useLoad<RulesDocument>('/rules');
  // A 503: the upstream's model list can't be had now (parts.tsx Loaded says so, with a retry).
  return (
    <Loaded load={load} retry={retry}>
      {(doc) => <RulesEditor initial={doc} />}
    </Loaded>
  );
}
