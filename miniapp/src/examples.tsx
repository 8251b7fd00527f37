/**
 * A model's examples in the customers' app (issue 43), inside the model's editor in Settings: the
 * examples in their order, each with its state (shown, waiting for the customer, declined,
 * withdrawn, could not ask), Remove, and up and down; "Pick from results": the model's latest
 * delivered results across customers, a page at a time (a customer's is shown only once they allow
 * it in the chat); "Upload a file": a photo or an MP4 video, sent to the server with a ticket the
 * API hands out (its bytes do not fit a JSON body). Loaded when opened. Thumbnails are signed
 * same-origin links; a customer's description is drawn as text.
 */
import { useEffect, useState } from 'preact/hooks';
import type {
  AdminExample,
  AdminExamples,
  ExampleCandidateItem,
  ExampleCandidates,
  ExampleRefusal,
  ExampleUploadTicket,
} from '../../src/services/admin/examples-types.js';
import { ApiError, getJson, postJson } from './api.js';
import { num, t } from './i18n.js';
import { MediaThumb } from './media-thumb.js';
import './examples.css';

type Notice = { kind: 'ok' | 'error'; text: string } | undefined;

const MB = 1024 * 1024;
const ACCEPTED: Record<string, 'image' | 'video'> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
};

function refusalText(error: ExampleRefusal | undefined, status: number): string {
  if (error === 'already') return t('miniapp-examples-error-already');
  if (error === 'full') return t('miniapp-examples-error-full');
  if (error === 'unsupported' || error === 'not_media' || status === 415)
    return t('miniapp-examples-error-unsupported');
  if (error === 'too_big' || status === 413) return t('miniapp-examples-error-too-big');
  if (error === 'telegram_refused') return t('miniapp-examples-error-telegram');
  return t('miniapp-examples-error');
}

const errorOf = (err: unknown): Notice => {
  const status = err instanceof ApiError ? err.status : 0;
  const body = err instanceof ApiError ? (err.body as { error?: ExampleRefusal } | undefined) : undefined;
  return { kind: 'error', text: refusalText(body?.error, status) };
};

/** A preview of an example or a candidate, named for the admin's screen reader. */
const Thumb = (props: { src: string; kind: 'image' | 'video' }) => (
  <MediaThumb
    class="example-thumb"
    src={props.src}
    kind={props.kind}
    alt={t(props.kind === 'video' ? 'miniapp-examples-video' : 'miniapp-examples-image')}
  />
);

function ExampleRow(props: {
  example: AdminExample;
  first: boolean;
  last: boolean;
  busy: boolean;
  act(path: string, body?: unknown): void;
}) {
  const { example: e, busy, act } = props;
  return (
    <li class="example" data-example={e.id} data-state={e.state}>
      <Thumb src={e.thumb} kind={e.kind} />
      <span class="example-state small" data-state={e.state}>
        {t(`miniapp-examples-state-${e.state}`)}
        {e.source === 'upload' && <span class="hint"> · {t('miniapp-examples-uploaded')}</span>}
      </span>
      <span class="example-actions">
        <button
          type="button"
          class="example-up"
          aria-label={t('miniapp-examples-up-label')}
          disabled={busy || props.first}
          onClick={() => act(`/examples/item/${e.id}/move`, { direction: 'up' })}
        >
          {t('miniapp-examples-up')}
        </button>
        <button
          type="button"
          class="example-down"
          aria-label={t('miniapp-examples-down-label')}
          disabled={busy || props.last}
          onClick={() => act(`/examples/item/${e.id}/move`, { direction: 'down' })}
        >
          {t('miniapp-examples-down')}
        </button>
        <button
          type="button"
          class="example-remove"
          disabled={busy}
          onClick={() => act(`/examples/item/${e.id}/remove`)}
        >
          {t('miniapp-examples-remove')}
        </button>
      </span>
    </li>
  );
}

function Picker(props: {
  modelId: number;
  busy: boolean;
  /** True once it is an example (added now, or before). */
  pick(item: ExampleCandidateItem): Promise<boolean>;
}) {
  const [items, setItems] = useState<ExampleCandidateItem[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ok' | 'error'>('loading');
  const load = async (cursor?: string) => {
    setState('loading');
    try {
      const page = await getJson<ExampleCandidates>(
        `/examples/${props.modelId}/results${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      setItems((before) => (cursor ? [...before, ...page.items] : page.items));
      setNext(page.next);
      setState('ok');
    } catch {
      setState('error');
    }
  };
  useEffect(() => {
    void load();
  }, [props.modelId]);
  return (
    <div class="example-picker">
      <p class="hint small">{t('miniapp-examples-pick-hint')}</p>
      {state === 'ok' && items.length === 0 && <p class="hint">{t('miniapp-examples-results-none')}</p>}
      {state === 'error' && (
        <p class="notice-line" data-kind="error">
          {t('miniapp-examples-error')}
        </p>
      )}
      <ul class="example-candidates">
        {items.map((c) => (
          <li key={`${c.orderId}:${c.index}`} class="candidate" data-order={c.orderId} data-index={c.index}>
            <Thumb src={c.thumb} kind={c.kind} />
            <span class="candidate-description small">{c.description}</span>
            <button
              type="button"
              class="candidate-pick"
              disabled={props.busy || c.picked}
              onClick={async () => {
                // Marked once the server took it: a refused pick stays pickable.
                if (await props.pick(c))
                  setItems((all) => all.map((x) => (x === c ? { ...x, picked: true } : x)));
              }}
            >
              {c.picked ? t('miniapp-examples-picked') : t('miniapp-examples-pick-one')}
            </button>
          </li>
        ))}
      </ul>
      {next && (
        <button type="button" class="example-more" disabled={state === 'loading'} onClick={() => load(next)}>
          {t('miniapp-examples-more')}
        </button>
      )}
    </div>
  );
}

function Editor(props: { modelId: number }) {
  const { modelId } = props;
  const [doc, setDoc] = useState<AdminExamples | undefined>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const [picking, setPicking] = useState(false);
  const reload = () =>
    getJson<AdminExamples>(`/examples/${modelId}`).then(
      (d) => setDoc(d),
      () => setFailed(true),
    );
  useEffect(() => {
    void reload();
  }, [modelId]);

  /** Posts to `path`; `ok` words what came of it from the list before and after. */
  /** Posts an action and shows its outcome; true once the server took it (or had it already). */
  const act = async (
    path: string,
    body?: unknown,
    ok?: (before: AdminExample[], after: AdminExample[]) => string,
  ): Promise<boolean> => {
    setBusy(true);
    setNotice(undefined);
    try {
      const after = await postJson<AdminExamples>(path, body ?? {});
      if (ok) setNotice({ kind: 'ok', text: ok(doc?.examples ?? [], after.examples) });
      setDoc(after);
      return true;
    } catch (err) {
      setNotice(errorOf(err));
      return err instanceof ApiError && err.status === 409;
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    const kind = ACCEPTED[file.type];
    if (!kind) return setNotice({ kind: 'error', text: t('miniapp-examples-error-unsupported') });
    if (doc && file.size > (kind === 'video' ? doc.maxVideoBytes : doc.maxImageBytes))
      return setNotice({ kind: 'error', text: t('miniapp-examples-error-too-big') });
    setBusy(true);
    setNotice({ kind: 'ok', text: t('miniapp-examples-uploading') });
    try {
      const ticket = await postJson<ExampleUploadTicket>(`/examples/${modelId}/upload`, {});
      const res = await fetch(ticket.url, { method: 'POST', body: file });
      if (!res.ok) {
        const body = (await res.json().catch(() => undefined)) as { error?: ExampleRefusal } | undefined;
        setNotice({ kind: 'error', text: refusalText(body?.error, res.status) });
        return;
      }
      await reload();
      setNotice({ kind: 'ok', text: t('miniapp-examples-added') });
    } catch (err) {
      setNotice(errorOf(err));
    } finally {
      setBusy(false);
    }
  };

  if (failed)
    return (
      <p class="notice-line" data-kind="error">
        {t('miniapp-examples-error')}
      </p>
    );
  if (!doc) return <p class="hint">…</p>;
  const { examples } = doc;
  return (
    <div class="examples-editor">
      <p class="hint small">{t('miniapp-examples-hint', { n: num(doc.shownMax) })}</p>
      {examples.length === 0 && <p class="hint examples-none">{t('miniapp-examples-none')}</p>}
      <ul class="example-list">
        {examples.map((e, i) => (
          <ExampleRow
            key={e.id}
            example={e}
            first={i === 0}
            last={i === examples.length - 1}
            busy={busy}
            act={(path, body) => void act(path, body)}
          />
        ))}
      </ul>
      {notice && (
        <p
          class="notice-line example-notice"
          data-kind={notice.kind === 'ok' ? 'saved' : 'error'}
          role="status"
        >
          {notice.text}
        </p>
      )}
      <div class="example-buttons">
        <button
          type="button"
          class="example-pick"
          aria-expanded={picking}
          onClick={() => setPicking(!picking)}
        >
          {t('miniapp-examples-pick')}
        </button>
        <label class="example-upload button-like">
          {t('miniapp-examples-upload')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,video/mp4"
            disabled={busy}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void upload(file);
            }}
          />
        </label>
      </div>
      <p class="hint small">
        {t('miniapp-examples-upload-hint', {
          image: num(doc.maxImageBytes / MB),
          video: num(doc.maxVideoBytes / MB),
        })}
      </p>
      {picking && (
        <Picker
          modelId={modelId}
          busy={busy}
          pick={(c) =>
            act(`/examples/${modelId}/results`, { orderId: c.orderId, index: c.index }, (before, after) => {
              const added = after.find((e) => !before.some((b) => b.id === e.id));
              return t(added?.state === 'shown' ? 'miniapp-examples-added' : 'miniapp-examples-asked');
            })
          }
        />
      )}
    </div>
  );
}

/** The model's examples, loaded once its section is opened (a button: the editor's summary stays its own). */
export function ModelExamples(props: { modelId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <section class="examples">
      <button type="button" class="examples-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('miniapp-examples-title')}
      </button>
      {open && <Editor modelId={props.modelId} />}
    </section>
  );
}
