/**
 * The live settings' reminder rules (issue 44, switched from the control room): what
 * `PUT /settings/global` may say about them (known names, each once, in REMINDER_RULES' order; an
 * empty list turns every rule off), how a change merges, and what the audit log's change list says,
 * null ("as REMINDERS says") and [] ("all off") told apart.
 */
import { describe, expect, it } from 'vitest';
import {
  applyGlobalPatch,
  EMPTY_SETTINGS,
  type GlobalSettings,
  globalChanges,
  parseGlobalPatch,
} from '../../src/domain/live-settings.js';

const NOTHING_SET: GlobalSettings = EMPTY_SETTINGS.global;

describe('reminders in PUT /settings/global', () => {
  it('nothing stored reads null: REMINDERS decides', () => {
    expect(NOTHING_SET.reminders).toBeNull();
  });

  it('accepts known rules, each once, in the canonical order; an empty list is "all off"', () => {
    expect(parseGlobalPatch({ version: 3, reminders: ['win_back', 'welcome_unused', 'win_back'] })).toEqual({
      ok: true,
      version: 3,
      patch: { reminders: ['welcome_unused', 'win_back'] },
    });
    expect(parseGlobalPatch({ version: 0, reminders: [] })).toEqual({
      ok: true,
      version: 0,
      patch: { reminders: [] },
    });
    expect(
      parseGlobalPatch({
        version: 0,
        reminders: ['quote_unconfirmed', 'plan_ending', 'win_back', 'welcome_unused'],
      }),
    ).toMatchObject({
      ok: true,
      patch: { reminders: ['plan_ending', 'welcome_unused', 'quote_unconfirmed', 'win_back'] },
    });
    // Left out: nothing said about reminders.
    expect(parseGlobalPatch({ version: 0, welcomeStars: 5 })).toEqual({
      ok: true,
      version: 0,
      patch: { welcomeStars: 5 },
    });
  });

  it.each([
    ['an unknown rule', ['welcome_unused', 'birthday']],
    ['a rule in another spelling', ['Welcome_Unused']],
    ['a dashed rule', ['welcome-unused']],
    ['a name, not a list', 'welcome_unused'],
    ['null', null],
    ['an object', { welcome_unused: true }],
    ['a number in the list', [1]],
  ])('refuses %s, naming the field', (_what, reminders) => {
    const parsed = parseGlobalPatch({ version: 0, reminders });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.map((e) => e.field)).toEqual(['reminders']);
  });

  it('a refusal of reminders comes with the other fields at fault', () => {
    const parsed = parseGlobalPatch({ version: 0, markupPercent: 'abc', reminders: ['nope'] });
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.field)).toEqual(['markupPercent', 'reminders']);
  });
});

describe('a reminders change', () => {
  it('merges over what is stored; a patch without it keeps it', () => {
    const on = applyGlobalPatch(NOTHING_SET, { reminders: ['welcome_unused'] });
    expect(on).toEqual({ ...NOTHING_SET, reminders: ['welcome_unused'] });
    expect(applyGlobalPatch(on, { welcomeStars: 4 }).reminders).toEqual(['welcome_unused']);
    expect(applyGlobalPatch(on, { reminders: [] }).reminders).toEqual([]);
  });

  it('is listed with the rules before and after; null and "all off" differ; the same list is no change', () => {
    const on = applyGlobalPatch(NOTHING_SET, { reminders: ['welcome_unused'] });
    expect(globalChanges(NOTHING_SET, on)).toEqual([
      { field: 'reminders', from: null, to: ['welcome_unused'] },
    ]);
    const off = applyGlobalPatch(on, { reminders: [] });
    expect(globalChanges(on, off)).toEqual([{ field: 'reminders', from: ['welcome_unused'], to: [] }]);
    expect(globalChanges(NOTHING_SET, { ...NOTHING_SET, reminders: [] })).toEqual([
      { field: 'reminders', from: null, to: [] },
    ]);
    expect(globalChanges(on, applyGlobalPatch(on, { reminders: ['welcome_unused'] }))).toEqual([]);
    // With other fields: each its own entry, reminders last.
    expect(
      globalChanges(NOTHING_SET, applyGlobalPatch(NOTHING_SET, { welcomeStars: 2, reminders: ['win_back'] })),
    ).toEqual([
      { field: 'welcome', from: null, to: 2 },
      { field: 'reminders', from: null, to: ['win_back'] },
    ]);
  });
});
