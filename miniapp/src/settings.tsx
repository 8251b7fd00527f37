/**
 * Live settings: per model offered or hidden, names and descriptions in both languages, its price
 * (the default markup, a markup of its own, or fixed Stars); and the global markup, welcome Stars
 * and top-up packs. Every save sends the document's version: a 409 means someone else saved first,
 * and the screen shows the latest document instead of overwriting it.
 */
import { useEffect, useState } from 'preact/hooks';
import type {
  SettingsDocument,
  SettingsErrors,
  SettingsModel,
  SettingsPrice,
} from '../../src/services/admin/dashboard-types.js';
import { ApiError, putJson } from './api.js';
import { num, t } from './i18n.js';
import { Loaded, Section } from './parts.js';
import { useLoad } from './use-load.js';

type Notice = { kind: 'saved' | 'conflict' | 'too-fast' | 'error' } | { kind: 'invalid'; fields: string };

function noticeOf(err: unknown): Notice {
  if (!(err instanceof ApiError)) return { kind: 'error' };
  if (err.status === 409) return { kind: 'conflict' };
  if (err.status === 429) return { kind: 'too-fast' };
  if (err.status === 422) {
    const body = err.body as Partial<SettingsErrors> | undefined;
    const fields = (body?.errors ?? [])
      .map((e) => `${e.field}: ${e.code ? t(`miniapp-settings-error-${e.code}`) : e.message}`)
      .join('; ');
    return { kind: 'invalid', fields };
  }
  return { kind: 'error' };
}

function NoticeLine({ notice }: { notice: Notice | undefined }) {
  if (!notice) return null;
  const text =
    notice.kind === 'saved'
      ? t('miniapp-settings-saved')
      : notice.kind === 'conflict'
        ? t('miniapp-settings-conflict')
        : notice.kind === 'too-fast'
          ? t('miniapp-settings-too-fast')
          : notice.kind === 'invalid'
            ? t('miniapp-settings-invalid', { fields: notice.fields })
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
}) {
  return (
    <label>
      {props.label}
      <input
        name={props.name}
        inputMode={props.inputMode}
        value={props.value}
        placeholder={props.placeholder}
        onInput={(e) => props.onValue(e.currentTarget.value)}
      />
    </label>
  );
}

function priceValue(price: SettingsPrice): string {
  return price.kind === 'markup' ? price.markupPercent : price.kind === 'fixed' ? String(price.stars) : '';
}

function ModelForm(props: {
  model: SettingsModel;
  version: number;
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
        ? { kind, markupPercent: value.trim() }
        : kind === 'fixed'
          ? { kind, stars: Number(value.trim()) }
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
      const n = noticeOf(err);
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
        <span class={offered ? '' : 'muted'}>{m.name.en ?? m.upstreamName}</span>
        <span class="hint small">
          {m.type}
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
            onInput={(e) => setValue(e.currentTarget.value)}
          />
        )}
        {(['en', 'ru'] as const).map((lang) => (
          <div key={lang}>
            <TextField
              label={t('miniapp-settings-name', { lang })}
              name={`name-${lang}`}
              value={text(name[lang])}
              placeholder={m.upstreamName}
              onValue={(v) => setName({ ...name, [lang]: orNull(v) })}
            />
            <label>
              {t('miniapp-settings-description', { lang })}
              <textarea
                name={`description-${lang}`}
                rows={2}
                value={text(description[lang])}
                onInput={(e) => setDescription({ ...description, [lang]: orNull(e.currentTarget.value) })}
              />
            </label>
          </div>
        ))}
        <button type="submit" disabled={busy}>
          {t('miniapp-settings-save')}
        </button>
        <NoticeLine notice={notice} />
      </form>
    </details>
  );
}

function GlobalForm(props: {
  doc: SettingsDocument;
  onSaved: (doc: SettingsDocument) => void;
  onConflict: () => void;
}) {
  const [markup, setMarkup] = useState(props.doc.markupPercent);
  const [welcome, setWelcome] = useState(String(props.doc.welcomeStars));
  const [packs, setPacks] = useState(props.doc.topupPacks.join(', '));
  const [notice, setNotice] = useState<Notice>();
  useEffect(() => {
    setMarkup(props.doc.markupPercent);
    setWelcome(String(props.doc.welcomeStars));
    setPacks(props.doc.topupPacks.join(', '));
  }, [props.doc]);
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      const doc = await putJson<SettingsDocument>('/settings/global', {
        markupPercent: markup.trim(),
        welcomeStars: Number(welcome.trim()),
        topupPacks: packs
          .split(/[,\s]+/)
          .filter(Boolean)
          .map(Number),
        version: props.doc.version,
      });
      setNotice({ kind: 'saved' });
      props.onSaved(doc);
    } catch (err) {
      const n = noticeOf(err);
      setNotice(n);
      if (n.kind === 'conflict') props.onConflict();
    }
  };
  return (
    <form onSubmit={save} class="global">
      <TextField
        label={t('miniapp-settings-markup')}
        name="markup"
        inputMode="decimal"
        value={markup}
        onValue={setMarkup}
      />
      <TextField
        label={t('miniapp-settings-welcome')}
        name="welcome"
        inputMode="numeric"
        value={welcome}
        onValue={setWelcome}
      />
      <TextField label={t('miniapp-settings-packs')} name="packs" value={packs} onValue={setPacks} />
      <button type="submit">{t('miniapp-settings-save')}</button>
      <NoticeLine notice={notice} />
    </form>
  );
}

export function SettingsScreen() {
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
              <GlobalForm doc={doc} onSaved={setSaved} onConflict={reloadAfterConflict} />
            </Section>
            <Section title={t('miniapp-settings-models')}>
              {doc.models.map((m) => (
                <ModelForm key={m.id} model={m} version={doc.version} onSaved={setSaved} onConflict={retry} />
              ))}
            </Section>
          </>
        );
      }}
    </Loaded>
  );
}
