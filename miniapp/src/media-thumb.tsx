/**
 * A preview of a picture or a video, for both pages (the control room's example picker, the
 * customers' Models tab): the stored preview as an image; a video stored without one (its "preview"
 * link then answers the video itself) shows its first frame instead.
 */
import { useState } from 'preact/hooks';

export function MediaThumb(props: { src: string; kind: 'image' | 'video'; class: string; alt: string }) {
  const [asVideo, setAsVideo] = useState(false);
  if (asVideo) return <video class={props.class} src={props.src} muted playsInline preload="metadata" />;
  return (
    <img
      class={props.class}
      src={props.src}
      alt={props.alt}
      loading="lazy"
      onError={() => props.kind === 'video' && setAsVideo(true)}
    />
  );
}
