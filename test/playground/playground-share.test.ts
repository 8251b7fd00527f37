/**
 * The playground's buttons as a newcomer presses them: ↗️ Share runs the inline query and shows
 * what the chosen chat would get; the control room's Web App button prints a signed link that the
 * Mini App's API accepts; every button keeps its number, so a result's buttons are still there after
 * /help, and a button whose message lost it says so. Usage texts keep their <placeholders>.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PlaygroundProcess } from './playground-process.js';

let playground: PlaygroundProcess | undefined;
afterEach(() => {
  playground?.kill();
  playground = undefined;
});

/** Waits for a printed button and returns its number. */
async function buttonNumber(p: PlaygroundProcess, label: RegExp, timeoutMs?: number): Promise<string> {
  return (await p.waitFor(new RegExp(`^  #(\\d+) ${label.source}$`, 'm'), timeoutMs))[1]!;
}

describe('npm run playground -- --admin: buttons that are not callbacks, and stable numbers', () => {
  it('Share, the control room, an older message button and usage placeholders', async () => {
    playground = PlaygroundProcess.start(['--admin']);
    await playground.waitFor(/Playground ready: you are user \d+ \(admin\)/, 120_000);

    // A usage keeps its <placeholders>.
    playground.type('/campaign_new');
    await playground.waitFor(/\/campaign_new <name>/);

    playground.type('/generate');
    await playground.press(/🖼 Images/);
    await playground.press(/Lumen Text to Image/);
    await playground.waitFor(/Describe what you/);
    playground.type('A lighthouse at dawn');
    await playground.press(/➡️ Continue/);
    const confirm = await buttonNumber(playground, /✅ Confirm/);
    playground.type(`#${confirm}`);
    await playground.waitFor(/\[photo[^\]\n]*: \S+\]/, 90_000);
    const share = await buttonNumber(playground, /↗️ Share/, 30_000);
    // The original follows the photo once the photo's file id is stored, so Share finds it from here.
    await playground.waitFor(/📎 Original quality/, 30_000);

    // The confirm screen lost its buttons: its old number says so, not the emulator's transcript.
    playground.type(`#${confirm}`);
    await playground.waitFor(
      new RegExp(
        `Button #${confirm} \\(✅ Confirm[^)]*\\)(: that message has no buttons any more| is no longer on its message)`,
      ),
    );
    expect(playground.output).not.toMatch(/callback_data|not pressable|Buttons: #/);

    // Newer messages do not take the result's buttons away.
    playground.type('/help');
    await playground.waitFor(/🤖/);
    playground.type(`#${share}`);
    await playground.waitFor(/↗️ Telegram asks which chat to share in/);
    await playground.waitFor(/🔎 @bot: 1 result\n {2}1\. 🖼 .*\[[^\]]+ → https:\/\/t\.me\//);

    // The control room: a signed link the Mini App's API accepts for this admin.
    playground.type('/dashboard');
    const open = await buttonNumber(playground, /📊 .+/);
    playground.type(`#${open}`);
    const link = (await playground.waitFor(/📱 .+: (http:\/\/127\.0\.0\.1:\d+\/miniapp\/#\S+)/))[1]!;
    const url = new URL(link);
    const initData = new URLSearchParams(url.hash.slice(1)).get('tgWebAppData');
    expect(initData).toBeTruthy();
    const me = await fetch(new URL('/miniapp/api/me', url.origin), {
      headers: { Authorization: `tma ${initData}` },
    });
    expect(me.status).toBe(200);
    expect(await playground.quit()).toBe(0);
  }, 240_000);
});
