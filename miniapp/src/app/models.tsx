/**
 * The customers' app: the Models tab (issue 43). One card per model this bot offers the customer,
 * in the chat menu's order: the reseller's name and description, what it takes, the price they pay
 * (as the chat's menu shows it); "Create" opens the model's form in the chat (`/start m_<id>`). A
 * filter by type on top. Every text from the server is drawn as text.
 */
import { useEffect, useState } from 'preact/hooks';
import type { AppModel, AppModelExample, AppModels } from '../../../src/services/app/models-types.js';
import type { AppProfile } from '../../../src/services/app/profile-types.js';
import { currentLocale, t } from '../i18n.js';
import { MediaThumb } from '../media-thumb.js';
import { useLoad } from '../use-load.js';
import { priceLabel, stars } from './money.js';
import { LoadFailed } from './states.js';
import { openInBot } from './webapp.js';
import './models.css';

const ALL = 'all';

/** "2 photos", "1–6 photos", "up to 6 photos": what a count of files reads as. */
function countLabel(kind: 'photos' | 'videos' | 'files', count: { min: number; max: number }): string {
  if (count.min === count.max) return t(`app-takes-${kind}`, { count: count.max });
  if (count.min === 0) return t(`app-takes-${kind}-up-to`, { max: count.max });
  return t(`app-takes-${kind}-range`, { min: count.min, max: count.max });
}

function badges(model: AppModel): string[] {
  const { text, photos, videos, files } = model.takes;
  const out: string[] = [];
  if (text) out.push(t(text === 'required' ? 'app-takes-text' : 'app-takes-text-optional'));
  if (photos) out.push(countLabel('photos', photos));
  if (videos) out.push(countLabel('videos', videos));
  if (files) out.push(countLabel('files', files));
  return out;
}

/** The model's deep link into the bot's chat: its form, as the chat's menu opens it. */
export const modelLink = (botUsername: string, modelId: number) =>
  `https://t.me/${botUsername}?start=m_${modelId}`;

/** One example full screen: the picture, or the video with its controls; Close or Escape leaves. */
function ExampleOverlay(props: { example: AppModelExample; onClose(): void }) {
  const { example, onClose } = props;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div class="example-overlay" role="dialog" aria-modal="true" data-example={example.id}>
      <button type="button" class="example-close" onClick={onClose}>
        {t('app-example-close')}
      </button>
      {example.kind === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: a customer's result has no captions to offer
        <video class="example-full" src={example.full} controls autoplay playsInline />
      ) : (
        <img class="example-full" src={example.full} alt={t('app-example-image')} />
      )}
    </div>
  );
}

/** The model's examples as a strip of thumbnails; a tap opens one large. */
function ExampleStrip(props: { examples: AppModelExample[] }) {
  const [open, setOpen] = useState<AppModelExample | undefined>();
  if (props.examples.length === 0) return null;
  return (
    <>
      <ul class="example-strip" aria-label={t('app-example-title')}>
        {props.examples.map((example, i) => (
          <li key={example.id}>
            <button
              type="button"
              class="example-tile"
              data-kind={example.kind}
              aria-label={t('app-example-open', { n: i + 1 })}
              onClick={() => setOpen(example)}
            >
              <MediaThumb
                class="example-thumb"
                src={example.thumb}
                kind={example.kind}
                alt={t(example.kind === 'video' ? 'app-example-video' : 'app-example-image')}
              />
            </button>
          </li>
        ))}
      </ul>
      {open && <ExampleOverlay example={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

function ModelCard(props: { model: AppModel; botUsername: string | null }) {
  const { model, botUsername } = props;
  return (
    <li class="model-card" data-model={model.id}>
      <div class="model-head">
        <h2 class="model-name">{model.name}</h2>
        {model.price && <span class="model-price">{priceLabel(model.price)}</span>}
      </div>
      {model.description && <p class="model-description">{model.description}</p>}
      <ExampleStrip examples={model.examples ?? []} />
      <ul class="model-takes">
        {badges(model).map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
      {model.quoted && <p class="hint small">{t('app-price-quoted')}</p>}
      {model.locked && (
        <p class="hint small model-locked" data-locked="true">
          {t('app-model-locked', { have: model.locked.have, needed: model.locked.needed })}
        </p>
      )}
      <button
        type="button"
        class="model-create"
        disabled={!botUsername || model.locked !== null}
        onClick={() => botUsername && openInBot(modelLink(botUsername, model.id))}
      >
        {t('app-model-create')}
      </button>
    </li>
  );
}

export function ModelsScreen(props: { profile: AppProfile }) {
  const [load, retry] = useLoad<AppModels>(`/models?lang=${currentLocale()}`);
  const [type, setType] = useState(ALL);
  if (load.state === 'loading') return <p class="hint center">{t('app-loading')}</p>;
  if (load.state === 'error') {
    return (
      <LoadFailed text={load.status === 503 ? t('app-models-unavailable') : t('app-error')} retry={retry} />
    );
  }
  const { models, planStarsLeft } = load.data;
  if (models.length === 0) return <p class="hint center">{t('app-models-none')}</p>;
  const types = [...new Set(models.map((m) => m.type))];
  const current = types.includes(type) ? type : ALL;
  const shown = current === ALL ? models : models.filter((m) => m.type === current);
  return (
    <div class="models">
      {types.length > 1 && (
        <fieldset class="model-filter" aria-label={t('app-models-filter')}>
          {[ALL, ...types].map((name) => (
            <button
              key={name}
              type="button"
              data-type={name}
              aria-pressed={name === current}
              onClick={() => setType(name)}
            >
              {t(`app-type-${name.replace('_', '-')}`)}
            </button>
          ))}
        </fieldset>
      )}
      {planStarsLeft !== null && (
        <p class="hint model-plan">{t('app-models-plan-note', { amount: stars(planStarsLeft) })}</p>
      )}
      <ul class="model-list">
        {shown.map((model) => (
          <ModelCard key={model.id} model={model} botUsername={props.profile.botUsername} />
        ))}
      </ul>
    </div>
  );
}
