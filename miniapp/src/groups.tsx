/**
 * Groups (issue 42): what GROUPS says, and one card per group the bot was added to: whether it takes
 * orders now, its generations today and its cap, a three-way switch (on, off, or as GROUPS says) and
 * a daily cap, saved per group as /group does in the group. A group's title is Telegram's text as
 * its members typed it: shown as text, never as markup. Below them, the reports of results posted in
 * groups and on guest cards (reports.tsx).
 */
import { useState } from 'preact/hooks';
import type {
  GroupsDocument,
  GroupsDocumentGroup,
  GroupsErrors,
} from '../../src/services/admin/dashboard-types.js';
import { ApiError, putJson } from './api.js';
import { num, t } from './i18n.js';
import { Loaded, Section } from './parts.js';
import { ReportsSection } from './reports.js';
import { useLoad } from './use-load.js';

type Enabled = boolean | null;

type Outcome =
  | { kind: 'saved' | 'unknown' | 'too-fast' | 'error' }
  | { kind: 'invalid'; cap?: string; other?: string };

const OUTCOME_TEXT: Record<Outcome['kind'], string> = {
  saved: 'miniapp-groups-saved',
  invalid: 'miniapp-groups-invalid',
  unknown: 'miniapp-groups-unknown',
  'too-fast': 'miniapp-settings-too-fast',
  error: 'miniapp-error',
};

const SWITCH: ReadonlyArray<{ value: Enabled; name: string; text: string }> = [
  { value: true, name: 'on', text: 'miniapp-groups-on' },
  { value: false, name: 'off', text: 'miniapp-groups-off' },
  { value: null, name: 'default', text: 'miniapp-groups-default' },
];

/** A cap as typed: empty is none; anything but a number is sent as is, and the server says what to enter. */
function capOf(text: string): number | string | null {
  const s = text.trim();
  if (s === '') return null;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
}

function outcomeOf(err: unknown, maxCap: number): Outcome {
  if (!(err instanceof ApiError)) return { kind: 'error' };
  switch (err.status) {
    case 404:
      return { kind: 'unknown' };
    case 422: {
      const errors = (err.body as GroupsErrors | undefined)?.errors ?? [];
      const cap = errors.some((e) => e.field === 'dailyCap');
      const other = errors.some((e) => e.field !== 'dailyCap') || errors.length === 0;
      return {
        kind: 'invalid',
        ...(cap && { cap: t('miniapp-groups-fix-cap', { max: num(maxCap) }) }),
        ...(other && { other: t('miniapp-groups-fix-other') }),
      };
    }
    case 429:
      return { kind: 'too-fast' };
    default:
      return { kind: 'error' };
  }
}

function stateOf(group: GroupsDocumentGroup): 'open' | 'capped' | 'closed' {
  if (group.open) return 'open';
  const capped = group.dailyCap !== null && group.usedToday >= group.dailyCap;
  return capped && group.member && group.enabled !== false ? 'capped' : 'closed';
}

function GroupCard(props: {
  group: GroupsDocumentGroup;
  mode: GroupsDocument['mode'];
  maxCap: number;
  onSaved: (doc: GroupsDocument) => void;
}) {
  const { group, mode, maxCap } = props;
  const [enabled, setEnabled] = useState<Enabled>(group.enabled);
  const [cap, setCap] = useState(group.dailyCap === null ? '' : String(group.dailyCap));
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const state = stateOf(group);
  const refused = outcome?.kind === 'invalid' ? outcome : undefined;
  const capId = `cap-${group.chatId}`;

  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      const doc = await putJson<GroupsDocument>(`/groups/${group.chatId}`, {
        enabled,
        dailyCap: capOf(cap),
      });
      const saved = doc.groups.find((g) => g.chatId === group.chatId);
      if (saved) {
        setEnabled(saved.enabled);
        setCap(saved.dailyCap === null ? '' : String(saved.dailyCap));
      }
      setOutcome({ kind: 'saved' });
      props.onSaved(doc);
    } catch (err) {
      setOutcome(outcomeOf(err, maxCap));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li class="section group" data-chat-id={group.chatId} data-state={state}>
      <form onSubmit={save} noValidate>
        <header class="group-head">
          <h3 class="group-title">{group.title}</h3>
          {!group.member && (
            <span class="badge" data-mark="left">
              {t('miniapp-groups-left')}
            </span>
          )}
        </header>
        <p class="hint small group-id">{t('miniapp-groups-chat-id', { id: group.chatId })}</p>
        <p class="group-state small" data-state={state}>
          {t(`miniapp-groups-${state}`)}
        </p>
        <p class="small group-today">
          {t('miniapp-groups-used-today', { used: num(group.usedToday) })} ·{' '}
          {group.dailyCap === null
            ? t('miniapp-groups-no-cap')
            : t('miniapp-groups-cap-now', { cap: num(group.dailyCap) })}
        </p>
        <fieldset class="group-switch">
          <legend>{t('miniapp-groups-switch')}</legend>
          <div class="segmented three">
            {SWITCH.map((option) => (
              <button
                key={option.name}
                type="button"
                data-enabled={option.name}
                aria-pressed={enabled === option.value}
                onClick={() => setEnabled(option.value)}
              >
                {t(option.text)}
              </button>
            ))}
          </div>
          {enabled === null && <p class="hint small">{t(`miniapp-groups-default-${mode}`)}</p>}
        </fieldset>
        <label for={capId}>{t('miniapp-groups-cap')}</label>
        <div class="group-save">
          <input
            id={capId}
            type="number"
            inputMode="numeric"
            name="cap"
            min={1}
            max={maxCap}
            step={1}
            value={cap}
            aria-invalid={refused?.cap ? true : undefined}
            onInput={(e) => setCap(e.currentTarget.value)}
          />
          <button type="submit" disabled={busy}>
            {t('miniapp-groups-save')}
          </button>
        </div>
        {refused?.cap && (
          <ul class="field-errors" data-field="cap">
            <li>{refused.cap}</li>
          </ul>
        )}
        {outcome && (
          <div class="notice-line" data-kind={outcome.kind} role="status">
            {t(OUTCOME_TEXT[outcome.kind])}
            {refused?.other && (
              <ul class="field-errors">
                <li>{refused.other}</li>
              </ul>
            )}
          </div>
        )}
      </form>
    </li>
  );
}

function GroupsList({ initial }: { initial: GroupsDocument }) {
  const [doc, setDoc] = useState(initial);
  return (
    <>
      <Section title={t('miniapp-groups-title')}>
        <p class="group-mode" data-mode={doc.mode}>
          {t(`miniapp-groups-mode-${doc.mode}`)}
        </p>
        {doc.groups.length === 0 && <p class="hint">{t('miniapp-groups-empty')}</p>}
      </Section>
      {doc.groups.length > 0 && (
        <ul class="groups">
          {doc.groups.map((group) => (
            <GroupCard
              key={group.chatId}
              group={group}
              mode={doc.mode}
              maxCap={doc.limits.maxCap}
              onSaved={setDoc}
            />
          ))}
        </ul>
      )}
    </>
  );
}

export function GroupsScreen() {
  const [load, retry] = useLoad<GroupsDocument>('/groups');
  return (
    <>
      <Loaded load={load} retry={retry}>
        {(doc) => <GroupsList initial={doc} />}
      </Loaded>
      <ReportsSection />
    </>
  );
}
