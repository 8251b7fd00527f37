/**
 * The customers' app: the Wallet tab (issue 43), where the bot bills in Stars. The balance as the
 * chat's /wallet and /subscription tell it (bought, granted, the plan's Stars and their end), packs
 * and plans paid with Telegram's payment sheet (the server makes the invoice link as the chat does;
 * the payment is credited by the bot as any other), a promo code, the invite link with Copy and
 * Share, and the latest movements. Every text from the server is drawn as text.
 */
import { on } from '@tma.js/sdk';
import { useEffect, useState } from 'preact/hooks';
import type { AppProfile } from '../../../src/services/app/profile-types.js';
import type {
  AppInvite,
  AppInvoice,
  AppInvoiceRequest,
  AppMovement,
  AppPlanOffer,
  AppPromoOutcome,
  AppWallet,
} from '../../../src/services/app/wallet-types.js';
import { ApiError, postJson } from '../api.js';
import { currentLocale, num, t } from '../i18n.js';
import { useLoad } from '../use-load.js';
import { signedStars, stars } from './money.js';
import { LoadFailed } from './states.js';
import { openInBot, openInvoice } from './webapp.js';
import './wallet.css';

/** A date in the reader's language ("12 Dec 2026, 14:05"). */
function when(iso: string, withTime = true): string {
  return new Intl.DateTimeFormat(currentLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime && { hour: '2-digit', minute: '2-digit' }),
  }).format(new Date(iso));
}

function Balance(props: { wallet: AppWallet }) {
  const { balance, paidStars, grantedStars, plan } = props.wallet;
  return (
    <section class="wallet-card wallet-balance">
      <p class="hint">{t('app-wallet-balance')}</p>
      <p class="wallet-total">{stars(balance)}</p>
      <ul class="wallet-lines">
        <li data-line="paid">
          <span>{t('app-wallet-paid')}</span>
          <span>{stars(paidStars)}</span>
        </li>
        <li data-line="granted">
          <span>{t('app-wallet-granted')}</span>
          <span>{stars(grantedStars)}</span>
        </li>
        {plan && (
          <li data-line="plan">
            <span>{t('app-wallet-plan', { name: plan.name })}</span>
            <span>{stars(plan.starsLeft)}</span>
          </li>
        )}
      </ul>
      {plan && (
        <p class="hint small" data-line="plan-until">
          {t(plan.renews ? 'app-wallet-plan-renews' : 'app-wallet-plan-ends', { date: when(plan.until) })}
        </p>
      )}
      <p class="hint small">{t('app-wallet-spending-order')}</p>
    </section>
  );
}

type Paying = { state: 'idle' } | { state: 'busy'; key: string } | { state: 'failed'; text: string };

function Buy(props: { packs: number[]; plans: AppPlanOffer[] }) {
  const [paying, setPaying] = useState<Paying>({ state: 'idle' });
  async function pay(key: string, request: AppInvoiceRequest) {
    setPaying({ state: 'busy', key });
    try {
      const { url } = await postJson<AppInvoice>('/invoice', request);
      openInvoice(url);
      setPaying({ state: 'idle' });
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setPaying({
        state: 'failed',
        text: t(
          status === 409
            ? 'app-wallet-already-subscribed'
            : status === 429
              ? 'app-wallet-too-fast'
              : 'app-wallet-invoice-failed',
        ),
      });
    }
  }
  const busy = paying.state === 'busy';
  return (
    <>
      {props.packs.length > 0 && (
        <section class="wallet-card">
          <h2>{t('app-wallet-topup')}</h2>
          <div class="wallet-packs">
            {props.packs.map((pack) => (
              <button
                key={pack}
                type="button"
                data-pack={pack}
                disabled={busy}
                onClick={() => pay(`pack-${pack}`, { stars: pack })}
              >
                {stars(pack)}
              </button>
            ))}
          </div>
        </section>
      )}
      {props.plans.length > 0 && (
        <section class="wallet-card">
          <h2>{t('app-wallet-plans')}</h2>
          <ul class="wallet-plans">
            {props.plans.map((plan) => (
              <li key={plan.id} data-plan={plan.id}>
                <div>
                  <strong>{plan.name}</strong>
                  <p class="hint small">
                    {t('app-wallet-plan-terms', {
                      allowance: stars(plan.allowanceStars),
                      price: stars(plan.priceStars),
                    })}
                  </p>
                </div>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => pay(`plan-${plan.id}`, { plan: plan.id })}
                >
                  {t('app-wallet-subscribe', { price: stars(plan.priceStars) })}
                </button>
              </li>
            ))}
          </ul>
          <p class="hint small">{t('app-wallet-plans-rules')}</p>
        </section>
      )}
      {paying.state === 'failed' && (
        <p class="wallet-notice" data-kind="error" role="status">
          {paying.text}
        </p>
      )}
    </>
  );
}

function promoText(outcome: AppPromoOutcome): string {
  if (outcome.kind === 'redeemed') {
    return t('app-promo-redeemed', { amount: stars(outcome.stars), balance: stars(outcome.balance) });
  }
  return t(`app-promo-${outcome.kind.replace('_', '-')}`);
}

function Promo(props: { onRedeemed: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ kind: string; text: string } | undefined>();
  async function redeem(event: Event) {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    try {
      const outcome = await postJson<AppPromoOutcome>('/promo', { code: code.trim() });
      setSaid({ kind: outcome.kind, text: promoText(outcome) });
      if (outcome.kind === 'redeemed') {
        setCode('');
        props.onRedeemed();
      }
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setSaid({ kind: 'error', text: t(status === 429 ? 'app-wallet-too-fast' : 'app-error') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section class="wallet-card">
      <h2>{t('app-promo-title')}</h2>
      <form class="wallet-promo" onSubmit={redeem}>
        <input
          type="text"
          name="code"
          value={code}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={t('app-promo-placeholder')}
          aria-label={t('app-promo-title')}
          onInput={(e) => setCode((e.target as HTMLInputElement).value)}
        />
        <button type="submit" disabled={busy || !code.trim()}>
          {t('app-promo-apply')}
        </button>
      </form>
      {said && (
        <p class="wallet-notice" data-kind={said.kind} role="status">
          {said.text}
        </p>
      )}
    </section>
  );
}

function Invite(props: { invite: AppInvite }) {
  const { invite } = props;
  const [copied, setCopied] = useState<boolean | undefined>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(invite.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  const rewards = invite.bonusStars > 0 || invite.percent > 0;
  return (
    <section class="wallet-card wallet-invite">
      <h2>{t('app-invite-title')}</h2>
      {invite.bonusStars > 0 && <p>{t('app-invite-bonus', { amount: stars(invite.bonusStars) })}</p>}
      {invite.percent > 0 && (
        <p>{t('app-invite-percent', { percent: num(invite.percent), days: num(invite.days) })}</p>
      )}
      {rewards && <p class="hint small">{t('app-invite-cap', { amount: stars(invite.dailyCapStars) })}</p>}
      <p class="wallet-link" data-invite-link>
        {invite.link}
      </p>
      <div class="wallet-actions">
        <button type="button" data-action="copy" onClick={copy}>
          {t('app-invite-copy')}
        </button>
        <button
          type="button"
          data-action="share"
          onClick={() => openInBot(`https://t.me/share/url?url=${encodeURIComponent(invite.link)}`)}
        >
          {t('app-invite-share')}
        </button>
      </div>
      {copied !== undefined && (
        <p class="hint small" role="status">
          {t(copied ? 'app-invite-copied' : 'app-invite-copy-failed')}
        </p>
      )}
      <p class="hint small" data-line="invite-stats">
        {rewards || invite.earnedStars > 0
          ? t('app-invite-stats', {
              joined: num(invite.joined),
              paid: num(invite.paid),
              earned: stars(invite.earnedStars),
            })
          : t('app-invite-stats-no-rewards', { joined: num(invite.joined), paid: num(invite.paid) })}
      </p>
    </section>
  );
}

function Movements(props: { movements: AppMovement[] }) {
  return (
    <section class="wallet-card">
      <h2>{t('app-wallet-history')}</h2>
      {props.movements.length === 0 ? (
        <p class="hint">{t('app-wallet-history-empty')}</p>
      ) : (
        <ul class="wallet-history">
          {props.movements.map((m, i) => (
            <li key={`${m.at}-${i}`}>
              <span class="wallet-what">
                {t(`app-wallet-what-${m.kind.replace(/_/g, '-')}`, { model: m.model ?? '' })}
                <span class="hint small">{when(m.at)}</span>
              </span>
              <span class="wallet-delta" data-tone={m.delta > 0 ? 'good' : undefined}>
                {signedStars(m.delta)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WalletLoaded() {
  const [load, retry] = useLoad<AppWallet>(`/wallet?lang=${currentLocale()}`);
  // A payment made in Telegram's sheet is credited by the bot: read the wallet again once it is paid.
  useEffect(
    () =>
      on('invoice_closed', ({ status }) => {
        if (status === 'paid') retry();
      }),
    [retry],
  );
  // Read again (a payment, a promo code): the wallet on screen stays, with what it said, until then.
  const [shown, setShown] = useState<AppWallet | undefined>();
  useEffect(() => {
    if (load.state === 'ok') setShown(load.data);
  }, [load]);
  const wallet = load.state === 'ok' ? load.data : load.state === 'loading' ? shown : undefined;
  if (!wallet && load.state === 'error') {
    if (load.status === 404) return <p class="hint center">{t('app-wallet-off')}</p>;
    return <LoadFailed text={t('app-error')} retry={retry} />;
  }
  if (!wallet) return <p class="hint center">{t('app-loading')}</p>;
  return (
    <div class="wallet">
      <Balance wallet={wallet} />
      <Buy packs={wallet.packs} plans={wallet.plans} />
      {wallet.promo && <Promo onRedeemed={retry} />}
      {wallet.invite && <Invite invite={wallet.invite} />}
      <Movements movements={wallet.movements} />
    </div>
  );
}

export function WalletScreen(props: { profile: AppProfile }) {
  if (!props.profile.wallet) return <p class="hint center">{t('app-wallet-off')}</p>;
  return <WalletLoaded />;
}
