/**
 * Reports (issue 42), on the Groups screen: the figures /stats gives (reports over 30 days, how many
 * wait) and one card per open report, newest first: where the result was posted (a group, or a guest
 * card), whose it is, its model and description, how many members reported it; Remove the post, Ban
 * the owner or Dismiss, as the chat's buttons do. While a call runs every button waits; the outcome
 * is said under the figures (the card is gone once resolved), a refusal on the card, which stays. A
 * description, a name and a group's title are people's own text: shown as text, never as markup.
 */
import { useState } from 'preact/hooks';
import type {
  ReportRefusal,
  ReportResolution,
  ReportsDocument,
  ReportsDocumentAction,
  ReportsDocumentReport,
} from '../../src/services/admin/dashboard-types.js';
import { ApiError, postJson } from './api.js';
import { currentLocale, num, t } from './i18n.js';
import { Loaded, Section } from './parts.js';
import { useLoad } from './use-load.js';

type Refusal = 'remove-failed' | 'owner-admin' | 'unknown' | 'too-fast' | 'error';

const REFUSAL_TEXT: Record<Refusal, string> = {
  'remove-failed': 'miniapp-reports-remove-failed',
  'owner-admin': 'miniapp-reports-owner-admin',
  unknown: 'miniapp-reports-unknown',
  'too-fast': 'miniapp-settings-too-fast',
  error: 'miniapp-reports-failed',
};

const ACTIONS: ReadonlyArray<{ action: ReportsDocumentAction; text: string }> = [
  { action: 'remove', text: 'miniapp-reports-remove' },
  { action: 'ban', text: 'miniapp-reports-ban' },
  { action: 'dismiss', text: 'miniapp-reports-dismiss' },
];

/** A refused call: what to say, and the document the server sent with it (a 409 does). */
function refusalOf(err: unknown): { kind: Refusal; reports?: ReportsDocument } {
  if (!(err instanceof ApiError)) return { kind: 'error' };
  switch (err.status) {
    case 409: {
      const body = err.body as ReportRefusal | undefined;
      if (!body?.reports) return { kind: 'error' };
      return {
        kind: body.error === 'owner_is_admin' ? 'owner-admin' : 'remove-failed',
        reports: body.reports,
      };
    }
    case 404:
      return { kind: 'unknown' };
    case 429:
      return { kind: 'too-fast' };
    default:
      return { kind: 'error' };
  }
}

/** What became of a report; when it was resolved before, that nothing changed, first. */
function outcomeText(outcome: ReportResolution['outcome']): string {
  const kind = outcome.status === 'removed' && outcome.guestCard ? 'hidden' : outcome.status;
  const said = t(`miniapp-reports-outcome-${kind}`, { id: outcome.id });
  return outcome.already ? `${t('miniapp-reports-already')} ${said}` : said;
}

function placeOf(place: ReportsDocumentReport['place']): string {
  if (place.kind === 'guest') return t('miniapp-reports-guest-card');
  return place.title === null
    ? t('miniapp-reports-group-unknown', { id: place.chatId })
    : t('miniapp-reports-group', { title: place.title });
}

function ReportCard(props: {
  report: ReportsDocumentReport;
  time: Intl.DateTimeFormat;
  busy: boolean;
  refusal: Refusal | undefined;
  onAct: (action: ReportsDocumentAction) => void;
}) {
  const { report: r } = props;
  return (
    <li class="section report" data-report-id={r.id} data-place={r.place.kind} aria-busy={props.busy}>
      <header class="report-head">
        <h3 class="report-title">{t('miniapp-reports-id', { id: r.id })}</h3>
        <span class="hint small report-at">{props.time.format(new Date(r.at))}</span>
      </header>
      <p class="small report-place">{placeOf(r.place)}</p>
      <p class="small report-owner">
        {r.owner.name === null
          ? t('miniapp-reports-owner-id', { id: r.owner.id })
          : t('miniapp-reports-owner', { name: r.owner.name, id: r.owner.id })}
      </p>
      {r.model !== null && <p class="small report-model">{t('miniapp-reports-model', { model: r.model })}</p>}
      {r.description === null ? (
        <p class="hint report-text">{t('miniapp-reports-no-description')}</p>
      ) : (
        <p class="report-text">{r.description}</p>
      )}
      <p class="hint small report-reporters">{t('miniapp-reports-reporters', { count: num(r.reporters) })}</p>
      <div class="report-actions">
        {ACTIONS.map(({ action, text }) => (
          <button
            key={action}
            type="button"
            data-action={action}
            disabled={props.busy}
            onClick={() => props.onAct(action)}
          >
            {t(text)}
          </button>
        ))}
      </div>
      {props.refusal && (
        <div class="notice-line" data-kind="error" data-refusal={props.refusal} role="status">
          {t(REFUSAL_TEXT[props.refusal])}
        </div>
      )}
    </li>
  );
}

function ReportsList({ initial }: { initial: ReportsDocument }) {
  const [doc, setDoc] = useState(initial);
  /** The report whose call runs: every button waits for it. */
  const [running, setRunning] = useState<number>();
  const [done, setDone] = useState<ReportResolution['outcome']>();
  const [refused, setRefused] = useState<{ id: number; kind: Refusal }>();
  const time = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });

  const act = async (id: number, action: ReportsDocumentAction) => {
    setRunning(id);
    setDone(undefined);
    setRefused(undefined);
    try {
      const answer = await postJson<ReportResolution>(`/reports/${id}`, { action });
      setDoc(answer.reports);
      setDone(answer.outcome);
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal.reports) setDoc(refusal.reports);
      setRefused({ id, kind: refusal.kind });
    } finally {
      setRunning(undefined);
    }
  };

  return (
    <>
      <Section title={t('miniapp-reports-title')}>
        <p class="reports-figures">
          {t('miniapp-reports-figures', { reports: num(doc.figures.reports), open: num(doc.figures.open) })}
        </p>
        {done && (
          <div class="notice-line" data-kind="saved" data-report-id={done.id} role="status">
            {outcomeText(done)}
          </div>
        )}
        {doc.open.length === 0 && <p class="hint reports-empty">{t('miniapp-reports-empty')}</p>}
        {doc.more && (
          <p class="hint small reports-more">{t('miniapp-reports-more', { shown: num(doc.limits.shown) })}</p>
        )}
      </Section>
      {doc.open.length > 0 && (
        <ul class="reports">
          {doc.open.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              time={time}
              busy={running !== undefined}
              refusal={refused?.id === report.id ? refused.kind : undefined}
              onAct={(action) => void act(report.id, action)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

export function ReportsSection() {
  const [load, retry] = useLoad<ReportsDocument>('/reports');
  return (
    <div class="reports-section" data-section="reports">
      <Loaded load={load} retry={retry}>
        {(doc) => <ReportsList initial={doc} />}
      </Loaded>
    </div>
  );
}
