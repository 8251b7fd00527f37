/**
 * How a broadcast reads for its admin: the progress message (a bar, the counts, the pace, Pause /
 * Resume / Cancel) and the final report. Used by the sender's reporter and by the buttons.
 */
import { InlineKeyboard } from 'grammy';
import type { BroadcastAudience, BroadcastRecord, RecipientCounts } from '../db/index.js';
import type { ProgressSnapshot } from '../services/broadcast-progress.js';
import { broadcastControlData } from './callback-data/admin.js';
import { languageLabel, type Texts } from './i18n.js';
import { formatDuration } from './order-status.js';

const BAR_CELLS = 12;

/** Recipients whose outcome is known (sent, blocked, failed or unconfirmed). */
export function doneCount(counts: RecipientCounts): number {
  return counts.sent + counts.blocked + counts.failed + counts.unconfirmed;
}

/** "▓▓▓▓░░░░░░░░ 33%": whole cells only, 100% only when everything is done. */
export function progressBar(done: number, total: number): string {
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.min(BAR_CELLS, Math.floor(ratio * BAR_CELLS));
  const percent = done >= total ? 100 : Math.min(99, Math.floor(ratio * 100));
  return `${'▓'.repeat(filled)}${'░'.repeat(BAR_CELLS - filled)} ${percent}%`;
}

export function progressText(texts: Texts, broadcast: BroadcastRecord, snapshot: ProgressSnapshot): string {
  const { counts } = snapshot;
  const left = counts.pending + counts.sending;
  const lines = [
    texts.t('broadcast-progress-title', {
      id: broadcast.id,
      state: texts.t(`broadcast-state-${broadcast.status}`),
    }),
    progressBar(doneCount(counts), broadcast.total),
    '',
    texts.t('broadcast-progress-counts', {
      sent: counts.sent,
      blocked: counts.blocked,
      failed: counts.failed,
      left,
    }),
  ];
  if (counts.unconfirmed > 0)
    lines.push(texts.t('broadcast-progress-unconfirmed', { count: counts.unconfirmed }));
  if (broadcast.status === 'paused') lines.push('', texts.t('broadcast-progress-paused'));
  else if (broadcast.status === 'running') {
    lines.push(
      '',
      texts.t('broadcast-progress-pace', {
        // A number, so Fluent writes it the admin's way ("12.5" / "12,5").
        rate: Math.round(snapshot.rate * 10) / 10,
        duration: formatDuration(texts, snapshot.secondsLeft * 1000),
      }),
    );
  }
  return lines.join('\n');
}

/** Pause or Resume, and Cancel, while the broadcast is active; nothing once it ended. */
export function progressKeyboard(texts: Texts, broadcast: BroadcastRecord): InlineKeyboard | undefined {
  const id = broadcast.id;
  if (broadcast.status === 'running') {
    return new InlineKeyboard()
      .text(texts.t('broadcast-button-pause'), broadcastControlData.pack({ action: 'pause', id }))
      .text(texts.t('broadcast-button-cancel'), broadcastControlData.pack({ action: 'cancel', id }));
  }
  if (broadcast.status === 'paused') {
    return new InlineKeyboard()
      .text(texts.t('broadcast-button-resume'), broadcastControlData.pack({ action: 'resume', id }))
      .text(texts.t('broadcast-button-cancel'), broadcastControlData.pack({ action: 'cancel', id }));
  }
  return undefined;
}

/** The question a Cancel press asks first. */
export function cancelQuestionKeyboard(texts: Texts, id: number): InlineKeyboard {
  return new InlineKeyboard()
    .text(texts.t('broadcast-button-cancel-confirm'), broadcastControlData.pack({ action: 'cancel_yes', id }))
    .text(texts.t('broadcast-button-cancel-back'), broadcastControlData.pack({ action: 'cancel_no', id }));
}

export function reportText(texts: Texts, broadcast: BroadcastRecord, counts: RecipientCounts): string {
  const end = broadcast.finishedAt ?? broadcast.updatedAt;
  return texts.t('broadcast-report', {
    status: broadcast.status,
    id: broadcast.id,
    sent: counts.sent,
    total: broadcast.total,
    blocked: counts.blocked,
    failed: counts.failed + counts.unconfirmed,
    left: counts.pending + counts.sending,
    duration: formatDuration(texts, end.getTime() - broadcast.createdAt.getTime()),
  });
}

/** "customers reading in English", "customers active in the last 7 days", ... */
export function audienceLabel(texts: Texts, audience: BroadcastAudience): string {
  switch (audience.kind) {
    case 'all':
      return texts.t('broadcast-label-all');
    case 'language':
      return texts.t('broadcast-label-language', { language: languageLabel(audience.locale) });
    case 'active':
      return texts.t('broadcast-label-active', { days: audience.days });
    case 'paying':
      return texts.t('broadcast-label-paying');
    case 'ids':
      return texts.t('broadcast-label-ids');
  }
}
