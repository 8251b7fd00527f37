/**
 * The reminder sender as the app builds it (container.ts, bot-runtime.ts, jobs.ts): it exists, and
 * is one of the singleton jobs, even when REMINDERS=off at start, so that a rule an admin turns on
 * live in the control room is sent without a restart; with no rule in force its run does nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createSharedParts, mainContainer } from '../../src/app/container.js';
import { singletonJobs } from '../../src/app/jobs.js';
import { loadConfig } from '../../src/config.js';
import { ReminderSender } from '../../src/workers/reminder-sender.js';
import { STARS_ENV } from '../support/in-process-helpers.js';

const temp = mkdtempSync(join(tmpdir(), 'reminder-job-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the reminder job', () => {
  it('with REMINDERS=off: built and listed; idle until a rule is on live, then it goes by it', async () => {
    const config = loadConfig({
      BOT_TOKEN: '123:TEST',
      ...STARS_ENV,
      ADMIN_IDS: '9',
      REMINDERS: 'off',
      DATABASE_PATH: join(temp, 'bot.sqlite'),
    });
    const shared = await createSharedParts(config, pino({ level: 'silent' }));
    try {
      const container = mainContainer(shared);
      expect(container.reminderSender).toBeInstanceOf(ReminderSender);
      expect(singletonJobs(container).map((job) => job.name)).toContain('reminders');
      const { reminders, liveSettings } = container.services;
      expect(reminders.anyOn()).toBe(false);
      expect(await container.reminderSender.runOnce()).toEqual({ sent: 0, skipped: 0, waiting: 0 });
      await liveSettings.load();
      await liveSettings.updateGlobal(9, 0, { reminders: ['welcome_unused'] });
      // The service the sender asks is the one the live settings feed.
      expect([...reminders.rulesInForce()]).toEqual(['welcome_unused']);
    } finally {
      await shared.store.close();
      await shared.upstream.close();
    }
  });
});
