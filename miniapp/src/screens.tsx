/** The read-only screens: money, models, customers, growth, operations. */
import { useMemo } from 'preact/hooks';
import type {
  CustomersReport,
  DashboardPeriod,
  GrowthReport,
  ModelsReport,
  MoneyReport,
  OperationsReport,
} from '../../src/services/admin/dashboard-types.js';
import { type ChartSeries, DayChart } from './chart.js';
import { num, t, usd } from './i18n.js';
import { broadcastStatusLabel, reminderRuleLabel } from './labels.js';
import { Cards, Loaded, Section, Table } from './parts.js';
import { cssColor } from './telegram.js';
import { useLoad } from './use-load.js';

const tone = (amount: string | null): 'good' | 'bad' | undefined =>
  amount === null ? undefined : amount.startsWith('-') ? 'bad' : 'good';

function MoneyView({ data }: { data: MoneyReport }) {
  const days = useMemo(() => data.series.map((d) => d.day), [data]);
  const series = useMemo<ChartSeries[]>(() => {
    const usdValues = (pick: (d: MoneyReport['series'][number]) => string | null) =>
      data.series.map((d) => Number(pick(d) ?? '0'));
    const lines: ChartSeries[] = [
      {
        label: t('miniapp-cost'),
        values: usdValues((d) => d.costUsd),
        color: cssColor('--destructive', '#e53935'),
        right: true,
      },
    ];
    if (data.billing) {
      lines.unshift(
        {
          label: t('miniapp-stars-bought'),
          values: data.series.map((d) => d.starsBought),
          color: cssColor('--button', '#2481cc'),
        },
        { label: t('miniapp-stars-earned'), values: data.series.map((d) => d.starsEarned), color: '#f5a623' },
      );
      lines.push({
        label: t('miniapp-revenue'),
        values: usdValues((d) => d.revenueUsd),
        color: '#8e44ad',
        right: true,
      });
      lines.push({
        label: t('miniapp-margin'),
        values: usdValues((d) => d.marginUsd),
        color: '#31b545',
        right: true,
      });
    } else {
      lines.unshift({
        label: t('miniapp-orders'),
        values: data.series.map((d) => d.orders),
        color: cssColor('--button', '#2481cc'),
      });
    }
    return lines;
  }, [data]);
  const totals = data.totals;
  return (
    <>
      <Cards
        items={[
          ...(data.billing
            ? [
                { label: t('miniapp-stars-bought'), value: `${num(totals.starsBought)} ★` },
                { label: t('miniapp-stars-earned'), value: `${num(totals.starsEarned)} ★` },
              ]
            : []),
          ...(totals.revenueUsd !== null
            ? [{ label: t('miniapp-revenue'), value: usd(totals.revenueUsd), name: 'revenue' }]
            : []),
          { label: t('miniapp-cost'), value: usd(totals.costUsd), name: 'cost' },
          ...(totals.givenAwayUsd !== null
            ? [{ label: t('miniapp-given-away'), value: usd(totals.givenAwayUsd), name: 'given-away' }]
            : []),
          ...(totals.marginUsd !== null
            ? [
                {
                  label: t('miniapp-margin'),
                  value: usd(totals.marginUsd),
                  tone: tone(totals.marginUsd),
                  name: 'margin',
                },
              ]
            : []),
          ...(data.billing ? [{ label: t('miniapp-refunds'), value: `${num(totals.refundedStars)} ★` }] : []),
          { label: t('miniapp-orders'), value: num(totals.orders) },
        ]}
      />
      {data.billing ? (
        <p class="hint">{t('miniapp-revenue-hint')}</p>
      ) : (
        <p class="hint">{t('miniapp-no-billing')}</p>
      )}
      <DayChart days={days} series={series} leftLabel={data.billing ? '★' : undefined} rightLabel="$" />
      <Section title={t('miniapp-tab-money')} csv="money" days={data.days}>
        <Table
          head={[
            '',
            t('miniapp-orders'),
            ...(data.billing ? [t('miniapp-stars-bought'), t('miniapp-stars-earned')] : []),
            ...(data.billing ? [t('miniapp-revenue')] : []),
            t('miniapp-cost'),
            ...(data.billing ? [t('miniapp-given-away'), t('miniapp-margin'), t('miniapp-refunds')] : []),
          ]}
          numeric={[1, 2, 3, 4, 5, 6, 7, 8]}
          rows={[...data.series]
            .reverse()
            .map((d) => [
              d.day,
              num(d.orders),
              ...(data.billing
                ? [num(d.starsBought), num(d.starsEarned), d.revenueUsd === null ? '' : usd(d.revenueUsd)]
                : []),
              usd(d.costUsd),
              ...(data.billing
                ? [
                    d.givenAwayUsd === null ? '' : usd(d.givenAwayUsd),
                    d.marginUsd === null ? '' : usd(d.marginUsd),
                    num(d.refundedStars),
                  ]
                : []),
            ])}
        />
      </Section>
    </>
  );
}

export function MoneyScreen({ days }: { days: DashboardPeriod }) {
  const [load, retry] = useLoad<MoneyReport>(`/money?days=${days}`);
  return (
    <Loaded load={load} retry={retry}>
      {(data) => <MoneyView data={data} />}
    </Loaded>
  );
}

export function ModelsScreen({ days }: { days: DashboardPeriod }) {
  const [load, retry] = useLoad<ModelsReport>(`/models?days=${days}`);
  return (
    <Loaded load={load} retry={retry}>
      {(data) => (
        <Section title={t('miniapp-tab-models')} csv="models" days={days}>
          <Table
            head={[
              t('miniapp-model'),
              t('miniapp-orders'),
              t('miniapp-failed'),
              t('miniapp-stars-earned'),
              t('miniapp-cost'),
              t('miniapp-margin'),
              t('miniapp-avg-time'),
            ]}
            numeric={[1, 2, 3, 4, 5, 6]}
            rows={data.models.map((m) => [
              m.modelName,
              num(m.orders),
              num(m.failed),
              num(m.starsEarned),
              usd(m.costUsd),
              m.marginUsd === null ? '—' : <span data-tone={tone(m.marginUsd)}>{usd(m.marginUsd)}</span>,
              m.avgSecondsToResult === null ? '—' : t('miniapp-seconds', { n: num(m.avgSecondsToResult) }),
            ])}
          />
        </Section>
      )}
    </Loaded>
  );
}

function CustomersView({ data, days }: { data: CustomersReport; days: DashboardPeriod }) {
  const labels = useMemo(() => data.series.map((d) => d.day), [data]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: t('miniapp-customers-new'),
        values: data.series.map((d) => d.new),
        color: cssColor('--button', '#2481cc'),
      },
      { label: t('miniapp-customers-active'), values: data.series.map((d) => d.active), color: '#f5a623' },
      { label: t('miniapp-customers-paying'), values: data.series.map((d) => d.paying), color: '#31b545' },
    ],
    [data],
  );
  return (
    <>
      {data.wallets && (
        <Cards
          items={[
            { label: t('miniapp-wallets-balance'), value: `${num(data.wallets.balanceStars)} ★` },
            { label: t('miniapp-wallets-held'), value: `${num(data.wallets.heldStars)} ★` },
          ]}
        />
      )}
      <DayChart days={labels} series={series} />
      <Section title={t('miniapp-tab-customers')} csv="customers" days={days}>
        <Table
          head={[
            '',
            t('miniapp-customers-new'),
            t('miniapp-customers-active'),
            t('miniapp-customers-paying'),
          ]}
          numeric={[1, 2, 3]}
          rows={[...data.series].reverse().map((d) => [d.day, num(d.new), num(d.active), num(d.paying)])}
        />
      </Section>
      <Section title={t('miniapp-top-customers')} csv="top-customers" days={days}>
        <Table
          head={[t('miniapp-customer'), t('miniapp-spent'), t('miniapp-orders')]}
          numeric={[1, 2]}
          rows={data.top.map((c) => [
            <span key={c.userId}>
              <a href={`tg://user?id=${c.userId}`}>{c.name || c.username || c.userId}</a>
              <span class="hint small" title={t('miniapp-card-hint', { id: c.userId })}>
                {' '}
                /user {c.userId}
              </span>
            </span>,
            num(c.starsSpent),
            num(c.orders),
          ])}
        />
      </Section>
    </>
  );
}

export function CustomersScreen({ days }: { days: DashboardPeriod }) {
  const [load, retry] = useLoad<CustomersReport>(`/customers?days=${days}`);
  return (
    <Loaded load={load} retry={retry}>
      {(data) => <CustomersView data={data} days={days} />}
    </Loaded>
  );
}

/** Without Stars billing nobody pays: the campaigns show joins, orders and their cost only. */
export function GrowthScreen({ billing }: { billing: boolean }) {
  const [load, retry] = useLoad<GrowthReport>('/growth');
  return (
    <Loaded load={load} retry={retry}>
      {(data) => (
        <>
          <Section title={t('miniapp-campaigns')} csv="campaigns">
            <Table
              head={[
                t('miniapp-campaign'),
                t('miniapp-joins'),
                t('miniapp-orders'),
                ...(billing ? [t('miniapp-payers'), t('miniapp-stars-bought')] : []),
                t('miniapp-cost'),
                ...(billing ? [t('miniapp-margin')] : []),
              ]}
              numeric={[1, 2, 3, 4, 5, 6]}
              rows={data.campaigns.map((c) => [
                c.name,
                num(c.joins),
                num(c.ordered),
                ...(billing ? [num(c.payers), num(c.starsBought)] : []),
                usd(c.costUsd),
                ...(billing ? [c.marginUsd === null ? '—' : usd(c.marginUsd)] : []),
              ])}
            />
          </Section>
          <Section title={t('miniapp-promo-codes')} csv="promo-codes">
            <Table
              head={[t('miniapp-promo-code'), t('miniapp-promo-stars'), t('miniapp-used')]}
              numeric={[1, 2]}
              rows={data.promoCodes.map((c) => [
                <span key={c.code}>
                  <code>{c.code}</code>{' '}
                  {c.disabled && <span class="hint small">{t('miniapp-disabled')}</span>}
                </span>,
                num(c.stars),
                `${num(c.used)} / ${num(c.uses)}`,
              ])}
            />
          </Section>
          <Section title={t('miniapp-reminders')} csv="reminders">
            <Table
              head={[t('miniapp-reminder'), t('miniapp-reminders-sent'), t('miniapp-reminders-acted')]}
              numeric={[1, 2]}
              rows={data.reminders.map((r) => [reminderRuleLabel(r.rule), num(r.sent), num(r.acted)])}
            />
          </Section>
        </>
      )}
    </Loaded>
  );
}

export function OperationsScreen() {
  const [load, retry] = useLoad<OperationsReport>('/operations');
  return (
    <Loaded load={load} retry={retry}>
      {(data) => (
        <>
          <Cards
            items={[
              {
                label: t('miniapp-upstream-balance'),
                value: data.upstreamBalanceUsd === null ? t('miniapp-unknown') : usd(data.upstreamBalanceUsd),
              },
              { label: t('miniapp-queued'), value: num(data.activeOrders.queued) },
              { label: t('miniapp-processing'), value: num(data.activeOrders.processing) },
            ]}
          />
          <Section title={t('miniapp-broadcasts')} csv="broadcasts">
            {data.broadcasts.length === 0 ? (
              <p class="hint">{t('miniapp-empty')}</p>
            ) : (
              <ul class="progress-list">
                {data.broadcasts.map((b) => (
                  <li key={b.id}>
                    <div class="progress-head">
                      <span>
                        #{b.id} · {b.createdAt.slice(0, 10)} · {broadcastStatusLabel(b.status)}
                      </span>
                    </div>
                    <progress max={Math.max(1, b.total)} value={b.sent + b.failed} />
                    <div class="hint small">
                      {t('miniapp-broadcast-progress', {
                        sent: num(b.sent),
                        total: num(b.total),
                        failed: num(b.failed),
                      })}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
    </Loaded>
  );
}
