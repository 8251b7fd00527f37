/** Steps of the generation flow as a user performs them, shared by the end-to-end tests. */
import type { ScriptedUser } from '../telegram/scripted-user.js';

const TYPE_BUTTONS: Record<string, RegExp> = {
  image: /Images|Картинки/,
  video: /Videos|Видео/,
  upscale: /Upscale|Улучшение/,
  remove_bg: /Remove background|Удаление фона/,
};

/** /start -> Create -> type -> model; resolves once the form has started. */
export async function openModel(
  user: ScriptedUser,
  type: keyof typeof TYPE_BUTTONS,
  modelName: string,
): Promise<void> {
  await user.sendCommand('generate');
  await user.waitForMessage(/What would you like to create|Что будем создавать/);
  await user.pressButton(TYPE_BUTTONS[type]!);
  await user.waitForMessage(/choose a model|выберите модель/);
  // "Name · from $0.04" where prices are shown, the name alone where they are not (a free bot).
  const name = modelName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await user.pressButton(new RegExp(`^${name}( ·|$)`));
  await user.waitForMessage(/You chose|Вы выбрали/);
}

/** Presses Continue on the settings screen and waits for the priced summary. */
export async function continueToPrice(user: ScriptedUser) {
  await user.pressButton(/Continue|Продолжить/);
  return user.waitForMessage(/Check your order|Проверьте заказ/, { timeoutMs: 15_000 });
}

export async function confirmOrder(user: ScriptedUser) {
  await user.pressButton(/^✅ (Confirm|Подтвердить)/);
  return user.waitForMessage(/Order placed|Заказ оформлен|Generating|Идёт генерация|Done!|Готово!/, {
    timeoutMs: 15_000,
  });
}

/**
 * The amount the priced summary states: a Stars price is on the Confirm button ("⭐ 5"); without
 * billing (SHOW_PRICES=true) the USD amount is the bot's cost, in the text only ("$0.19").
 */
export function confirmPrice(summary: {
  text?: string;
  buttons: Array<{ text: string }>;
}): string | undefined {
  const onButton = summary.buttons.find((b) => b.text.startsWith('✅'))?.text.split(' · ')[1];
  if (onButton) return onButton;
  return /(?:Cost to the bot|Стоимость для бота): (?:<b>)?(.+?)(?:<\/b>)? \(/.exec(summary.text ?? '')?.[1];
}

/** Text-to-image from /generate to the priced summary (Lumen Text to Image, default settings). */
export async function pricedTextImage(user: ScriptedUser, prompt: string) {
  await openModel(user, 'image', 'Lumen Text to Image');
  await user.waitForMessage(/Describe what you'd like|Опишите/);
  await user.sendText(prompt);
  await user.waitForMessage(/Settings|Настройки/);
  return continueToPrice(user);
}

/**
 * /wallet -> a pack -> pay (BILLING=stars); resolves once the bot said the Stars were added.
 * `seq`: the emulator's event counter, so only answers to this purchase count.
 */
export async function buyStars(user: ScriptedUser, pack: RegExp, seq: () => number) {
  await user.sendCommand('wallet');
  await user.waitForMessage(/Choose how many Stars/);
  const after = seq();
  await user.pressButton(pack);
  const invoice = await user.waitForMessage((m) => m.kind === 'invoice', { after });
  const paid = await user.payInvoice(invoice);
  if (!paid.ok) throw new Error(`payment refused: ${JSON.stringify(paid)}`);
  const credited = await user.waitForMessage(/added to your wallet/, { after });
  return { invoice, paid, credited };
}
