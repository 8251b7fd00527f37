/**
 * Live settings: per model offered or hidden, names and descriptions in both languages, its price
 * (the default markup, a markup of its own, or fixed Stars); and the global markup, welcome Stars,
 * top-up packs and which reminders the bot sends (as REMINDERS says until one is saved). Every save sends the document's version: a 409 means someone else saved first,
 * and the screen shows the latest document instead of overwriting it. A refusal says what to enter,
 * field by field (settings-errors.ts). With Stars billing off the Stars values still show (they
 * apply once billing is on), and a save sends only what the admin changed: an empty top-up list
 * nobody touched neither blocks the save nor gets written.
 */
import { useEffect, useState } from 'preact/hooks';
import type {
  SettingsDocument,
  SettingsErrors,
  SettingsModel,
  SettingsPrice,
} from '../../src/services/admin/dashboard-types.js';
import { ApiError, putJson } from './api.js';
import { ModelExamples } from './examples.js';
import { num, t } from './i18n.js';
import { modelTypeLabel, reminderRuleAbout, reminderRuleLabel, shownModelName } from './labels.js';
import { Loaded, Section } from './parts.js';
import { descriptionLabel, nameLabel, whatToChangeAll } from './settings-errors.js';
import { useLoad } from './use-load.js';

type Notice =
  | { kind: 'saved' | 'conflict' | 'too-fast' | 'error' }
  | { kind: 'invalid'; lines: string[]; fields: string[] };

/** What a refusal is worded from: the document's limits and its languages. */
type Bounds = Pick<SettingsDocument, 'limits' | 'languages'>;

function noticeOf(err: unknown, { limits, languages }: Bounds): Notice {
  if (!(err instanceof ApiError)) return { kind: 'error' };
  if (err.status === 409) return { kind: 'conflict' };
  if (err.status === 429) return { kind: 'too-fast' };
  if (err.status === 422) {
    const errors = (err.body as Partial<SettingsErrors> | undefined)?.errors ?? [];
    return {
      kind: 'invalid',
      lines: whatToChangeAll(errors, limits, languages),
      fields: errors.map((e) => e.field),
    };
  }
  return { kind: 'error' };
}

/** Whether the last refusal named `field` (the input is then marked). */
const refused = (notice: Notice | undefined, field: string) =>
  notice?.kind === 'invalid' && notice.fields.includes(field);

function NoticeLine({ notice }: { notice: Notice | undefined }) {
  if (!notice) return null;
  if (notice.kind === 'invalid') {
    return (
      <div class="notice-line" data-kind="invalid" role="status">
        {t('miniapp-settings-invalid')}
        <ul>
          {notice.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    );
  }
  const text =
    notice.kind === 'saved'
      ? t('miniapp-settings-saved')
      : notice.kind === 'conflict'
        ? t('miniapp-settings-conflict')
        : notice.kind === 'too-fast'
          ? t('miniapp-settings-too-fast')
          : t('miniapp-error');
  return (
    <p class="notice-line" data-kind={notice.kind} role="status">
      {text}
    </p>
  );
}

/** A labelled one-line text input; `onValue` gets what was typed. */
function TextField(props: {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
  invalid?: boolean;
}) {
  return (
    <label>
      {props.label}
      <input
        name={props.name}
        inputMode={props.inputMode}
        value={props.value}
        placeholder={props.placeholder}
        aria-invalid={props.invalid || undefined}
        onInput={(e) => props.onValue(e.currentTarget.value)}
      />
    </label>
  );
}

function priceValue(price: SettingsPrice): string {
  return price.kind === 'markup' ? price.markupPercent : price.kind === 'fixed' ? String(price.stars) : '';
}

/** What the top-up field says, as numbers (anything that isn't one is sent as is, and refused). */
const packsOf = (text: string): Array<number | null> =>
  text
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : null));

/** A whole number as typed, or null (NaN and null reach the server as null: refused, with what to enter). */
/** A percent as typed, with a decimal comma read as a point (12,5 is 12.5). */
const percentOf = (text: string): string => text.trim().replace(',', '.');

const wholeOf = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The reminder rules, one checkbox each with what it does; while nothing is saved live, the ones
 * REMINDERS turns on are ticked and the page says the environment decides.
 */
function ReminderRules(props: {
  reminders: SettingsDocument['reminders'];
  on: readonly string[];
  invalid: boolean;
  onChange: (on: string[]) => void;
}) {
  const { rules, fromEnvironment } = props.reminders;
  const toggle = (rule: string, checked: boolean) =>
    props.onChange(rules.filter((r) => (r === rule ? checked : props.on.includes(r))));
  return (
    <fieldset class="reminder-rules" aria-invalid={props.invalid || undefined}>
      <legend>{t('miniapp-settings-reminders')}</legend>
      <p class="hint small">{t('miniapp-settings-reminders-hint')}</p>
      {rules.map((rule) => {
        const about = reminderRuleAbout(rule);
        return (
          <div class="reminder-rule" key={rule}>
            <label class="row">
              <input
                type="checkbox"
                name={`reminder-${rule}`}
                checked={props.on.includes(rule)}
                onChange={(e) => toggle(rule, e.currentTarget.checked)}
              />
              {reminderRuleLabel(rule)}
            </label>
            {about && <p class="hint small">{about}</p>}
          </div>
        );
      })}
      {fromEnvironment && (
        <p class="hint small" data-reminders="environment">
          {t('miniapp-settings-reminders-environment')}
        </p>
      )}
    </fieldset>
  );
}

/** With Stars billing off: the Stars values are kept for when it's on, and the page says so. */
function BillingOffHint({ billing }: { billing: boolean }) {
  return billing ? null : <p class="hint small">{t('miniapp-settings-billing-off')}</p>;
}

function ModelForm(props: {
  model: SettingsModel;
  version: number;
  bounds: Bounds;
  billing: boolean;
  onSaved: (doc: SettingsDocument) => void;
  onConflict: () => void;
}) {
  const m = props.model;
  const [offered, setOffered] = useState(m.offered);
  const [kind, setKind] = useState<SettingsPrice['kind']>(m.price.kind);
  const [value, setValue] = useState(priceValue(m.price));
  const [name, setName] = useState(m.name);
  const [description, setDescription] = useState(m.description);
  const [notice, setNotice] = useState<Notice>();
  const [busy, setBusy] = useState(false);

  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    const price: SettingsPrice =
      kind === 'markup'
        ? { kind, markupPercent: percentOf(value) }
        : kind === 'fixed'
          ? { kind, stars: wholeOf(value) ?? Number.NaN }
          : { kind: 'default' };
    try {
      const doc = await putJson<SettingsDocument>(`/settings/models/${m.id}`, {
        offered,
        name,
        description,
        price,
        version: props.version,
      });
      setNotice({ kind: 'saved' });
      props.onSaved(doc);
    } catch (err) {
      const n = noticeOf(err, props.bounds);
      setNotice(n);
      if (n.kind === 'conflict') props.onConflict();
    } finally {
      setBusy(false);
    }
  };

  const text = (value: string | null) => value ?? '';
  const orNull = (value: string) => (value.trim() === '' ? null : value);
  return (
    <details class="model" data-model-id={m.id}>
      <summary>
        <span>
          <span class={offered ? 'model-name' : 'model-name muted'}>{shownModelName(m)}</span>
          {/* The catalog's name under the admin's, so the upstream model stays recognisable. */}
          {shownModelName(m) !== m.upstreamName && <span class="hint small upstream">{m.upstreamName}</span>}
        </span>
        <span class="hint small model-type">
          {modelTypeLabel(m.type)}
          {m.exampleStars !== null && ` · ${t('miniapp-settings-example', { stars: num(m.exampleStars) })}`}
        </span>
      </summary>
      <form onSubmit={save}>
        <label class="row">
          <input
            type="checkbox"
            name="offered"
            checked={offered}
            onChange={(e) => setOffered(e.currentTarget.checked)}
          />
          {t('miniapp-settings-offered')}
        </label>
        <label>
          {t('miniapp-settings-price')}
          <select
            name="price-kind"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as SettingsPrice['kind'])}
          >
            <option value="default">{t('miniapp-settings-price-default')}</option>
            <option value="markup">{t('miniapp-settings-price-markup')}</option>
            <option value="fixed">{t('miniapp-settings-price-fixed')}</option>
          </select>
        </label>
        {kind !== 'default' && (
          <input
            name="price-value"
            inputMode={kind === 'fixed' ? 'numeric' : 'decimal'}
            value={value}
            aria-label={t(
              kind === 'fixed' ? 'miniapp-settings-price-fixed' : 'miniapp-settings-price-markup',
            )}
            aria-invalid={
              refused(notice, kind === 'fixed' ? 'price.stars' : 'price.markupPercent') || undefined
            }
            onInput={(e) => setValue(e.currentTarget.value)}
          />
        )}
        <BillingOffHint billing={props.billing} />
        {props.bounds.languages.map((language) => {
          const lang = language.tag;
          return (
            <div key={lang}>
              <TextField
                label={nameLabel(language)}
                name={`name-${lang}`}
                value={text(name[lang] ?? null)}
                placeholder={m.upstreamName}
                invalid={refused(notice, `name.${lang}`)}
                onValue={(v) => setName({ ...name, [lang]: orNull(v) })}
              />
              <label>
                {descriptionLabel(language)}
                <textarea
                  name={`description-${lang}`}
                  rows={2}
                  value={text(description[lang] ?? null)}
                  aria-invalid={refused(notice, `description.${lang}`) || undefined}
                  onInput={(e) => setDescription({ ...description, [lang]: orNull(e.currentTarget.value) })}
                />
              </label>
            </div>
          );
        })}
        <button type="submit" disabled={busy}>
          {t('miniapp-settings-save')}
        </button>
        <NoticeLine notice={notice} />
      </form>
      <ModelExamples modelId={m.id} />
    </details>
  );
}

function GlobalForm(props: {
  doc: SettingsDocument;
  billing: boolean;
  onSaved: (doc: SettingsDocument) => void;
  onConflict: () => void;
}) {
  const [markup, setMarkup] = useState(props.doc.markupPercent);
  const [welcome, setWelcome] = useState(String(props.doc.welcomeStars));
  const [packs, setPacks] = useState(props.doc.topupPacks.join(', '));
  const [reminders, setReminders] = useState<string[]>(props.doc.reminders.on);
  const [notice, setNotice] = useState<Notice>();
  useEffect(() => {
    setMarkup(props.doc.markupPercent);
    setWelcome(String(props.doc.welcomeStars));
    setPacks(props.doc.topupPacks.join(', '));
    setReminders(props.doc.reminders.on);
  }, [props.doc]);
  const save = async (e: Event) => {
    e.preventDefault();
    const doc = props.doc;
    // Only what changed: a value nobody touched is neither checked again nor overwritten.
    const body: Record<string, unknown> = { version: doc.version };
    if (percentOf(markup) !== doc.markupPercent) body.markupPercent = percentOf(markup);
    if (welcome.trim() !== String(doc.welcomeStars)) body.welcomeStars = wholeOf(welcome);
    const typedPacks = packsOf(packs);
    if (typedPacks.join(',') !== doc.topupPacks.join(',')) body.topupPacks = typedPacks;
    // Untouched, the environment's choice stays the environment's (nothing stored live).
    if (reminders.join(',') !== doc.reminders.on.join(',')) body.reminders = reminders;
    try {
      const saved = await putJson<SettingsDocument>('/settings/global', body);
      setNotice({ kind: 'saved' });
      props.onSaved(saved);
    } catch (err) {
      const n = noticeOf(err, doc);
      setNotice(n);
      if (n.kind === 'conflict') props.onConflict();
    }
  };
  return (
    <form onSubmit={save} class="global">
      <BillingOffHint billing={props.billing} />
      <TextField
        label={t('miniapp-settings-markup')}
        name="markup"
        inputMode="decimal"
        value={markup}
        invalid={refused(notice, 'markupPercent')}
        onValue={setMarkup}
      />
      <TextField
        label={t('miniapp-settings-welcome')}
        name="welcome"
        inputMode="numeric"
        value={welcome}
        invalid={refused(notice, 'welcomeStars')}
        onValue={setWelcome}
      />
      <TextField
        label={t('miniapp-settings-packs')}
        name="packs"
        value={packs}
        placeholder={props.billing ? undefined : t('miniapp-settings-packs-unused')}
        invalid={refused(notice, 'topupPacks')}
        onValue={setPacks}
      />
      <ReminderRules
        reminders={props.doc.reminders}
        on={reminders}
        invalid={refused(notice, 'reminders')}
        onChange={setReminders}
      />
      <button type="submit">{t('miniapp-settings-save')}</button>
      <NoticeLine notice={notice} />
    </form>
  );
}

export function SettingsScreen({ billing }: { billing: boolean }) {
  const [load, retry] = useLoad<SettingsDocument>('/settings');
  const [saved, setSavedDoc] = useState<SettingsDocument>();
  // Said above the reloaded forms (a form's own notice goes with it when the document reloads).
  const [conflict, setConflict] = useState(false);
  const setSaved = (doc: SettingsDocument) => {
    setConflict(false);
    setSavedDoc(doc);
  };
  const reloadAfterConflict = () => {
    setConflict(true);
    retry();
  };
  if (load.state === 'error' && load.status === 404)
    return <p class="hint">{t('miniapp-settings-unavailable')}</p>;
  return (
    <Loaded load={load} retry={retry}>
      {(loaded) => {
        // The newest document wins: what a save answered, or what a reload brought after a conflict.
        const doc = saved && saved.version >= loaded.version ? saved : loaded;
        return (
          <>
            {conflict && <NoticeLine notice={{ kind: 'conflict' }} />}
            <Section title={t('miniapp-settings-global')}>
              <GlobalForm doc={doc} billing={billing} onSaved={setSaved} onConflict={reloadAfterConflict} />
            </Section>
            <Section title={t('miniapp-settings-models')}>
              {doc.models.map((m) => (
                <ModelForm
                  key={m.id}
                  model={m}
                  version={doc.version}
                  bounds={doc}
                  billing={billing}
                  onSaved={setSaved}
                  onConflict={retry}
                />
              ))}
            </Section>
          </>
        );
      }}
    </Loaded>
  );
}
