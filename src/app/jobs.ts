/**
 * The singleton jobs: what runs once in the cluster, on the process holding the store's singleton
 * lock (docs/architecture.md, "Jobs that run once in the cluster"). Adding a job is one line here.
 */
import type { SingletonJob } from '../services/singleton-jobs.js';
import type { BotRuntime, Chore } from './bot-runtime.js';

/** A job that starts and stops with the lock. */
function job(name: string, worker: Pick<SingletonJob, 'start' | 'stop'>): SingletonJob {
  return { name, start: () => worker.start(), stop: () => worker.stop() };
}

/** A chore that runs once as soon as this process takes the lock, then on its timer. */
function chore(name: string, worker: Chore): SingletonJob {
  return {
    name,
    start: async () => {
      await worker.runOnce();
      worker.start();
    },
    stop: () => worker.stop(),
  };
}

/**
 * A chore whose first run starts with the lock but is not waited for: it may take long (reminders
 * paced at BROADCAST_RATE), and the process is ready meanwhile.
 */
function backgroundChore(name: string, worker: Chore): SingletonJob {
  return {
    name,
    start: () => {
      void worker.runOnce();
      worker.start();
    },
    stop: () => worker.stop(),
  };
}

export function singletonJobs(c: BotRuntime): SingletonJob[] {
  const jobs: (SingletonJob | false | null)[] = [
    chore('resubmit-stuck-orders', c.resubmitter),
    chore('close-old-drafts', c.draftExpiry),
    // Nobody to alert without admins; /balance still reads the balance on demand.
    c.config.adminIds.length > 0 && job('balance-monitor', c.services.admin.balance),
    c.starsSweep && chore('settle-stars', c.starsSweep),
    c.subscriptionsSweep && chore('end-lapsed-subscriptions', c.subscriptionsSweep),
    c.reconciler && job('stars-reconciliation', c.reconciler),
    job('broadcasts', c.broadcastSender),
    // Also with every rule off: one may be turned on live (a run with none in force does nothing).
    backgroundChore('reminders', c.reminderSender),
    job('prune-update-inbox', c.inboxPruner),
  ];
  return jobs.filter((j): j is SingletonJob => !!j);
}
