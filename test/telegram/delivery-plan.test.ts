import { describe, expect, it } from 'vitest';
import { urlExtension } from '../../src/lib/url-extension.js';
import {
  batchFiles,
  kindFromContentType,
  planDelivery,
  resultFileName,
  resultKind,
} from '../../src/telegram/delivery/plan.js';

const url = (n: number, ext = '') => `https://cdn.example.com/g/tok${n}${ext}`;
const kinds = (plan: ReturnType<typeof planDelivery>['batches']) =>
  plan.map((b) => b.items.map((f) => `${f.kind}#${f.index}`));

describe('delivery method selection', () => {
  it('picks the method from the model type when the URL has no extension', () => {
    expect(resultKind(url(1), 'image')).toBe('photo');
    expect(resultKind(url(1), 'upscale')).toBe('photo');
    expect(resultKind(url(1), 'remove_bg')).toBe('photo');
    expect(resultKind(url(1), 'video')).toBe('video');
    expect(resultKind(url(1), 'audio')).toBe('document');
    expect(resultKind(url(1), 'something_new')).toBe('document');
  });

  it('trusts an extension over the model type', () => {
    expect(resultKind(url(1, '.mp4'), 'image')).toBe('video');
    expect(resultKind(url(1, '.JPG'), 'video')).toBe('photo');
    expect(resultKind(url(1, '.gif'), 'image')).toBe('animation');
    expect(resultKind(url(1, '.zip'), 'image')).toBe('document');
    expect(resultKind(url(1, '.webm'), 'video')).toBe('document');
    expect(resultKind('https://x.test/a.png?sig=1.2', 'video')).toBe('photo');
  });

  it('reads extensions carefully', () => {
    expect(urlExtension('https://x.test/g/abc')).toBeUndefined();
    expect(urlExtension('https://x.test/g/.hidden')).toBeUndefined();
    expect(urlExtension('https://x.test/g/a.tar.gz')).toBe('gz');
    expect(urlExtension('not a url')).toBeUndefined();
  });

  it('maps content types', () => {
    expect(kindFromContentType('image/png; charset=binary')).toBe('photo');
    expect(kindFromContentType('image/gif')).toBe('animation');
    expect(kindFromContentType('video/quicktime')).toBe('video');
    expect(kindFromContentType('image/heic')).toBe('document');
    expect(kindFromContentType('application/octet-stream')).toBeUndefined();
    expect(kindFromContentType(undefined)).toBeUndefined();
  });

  it('one image: a photo, then its original as a document', () => {
    const plan = planDelivery('image', [url(1)]);
    expect(kinds(plan.batches)).toEqual([['photo#0']]);
    expect(kinds(plan.originals)).toEqual([['document#0']]);
  });

  it('several images: one album of photos, one album of originals', () => {
    const plan = planDelivery('image', [url(1), url(2), url(3)]);
    expect(kinds(plan.batches)).toEqual([['photo#0', 'photo#1', 'photo#2']]);
    expect(kinds(plan.originals)).toEqual([['document#0', 'document#1', 'document#2']]);
  });

  it('videos: sendVideo alone, an album when several; no originals', () => {
    expect(kinds(planDelivery('video', [url(1)]).batches)).toEqual([['video#0']]);
    const plan = planDelivery('video', [url(1), url(2)]);
    expect(kinds(plan.batches)).toEqual([['video#0', 'video#1']]);
    expect(plan.originals).toEqual([]);
  });

  it('albums hold at most 10 items', () => {
    const urls = Array.from({ length: 12 }, (_, i) => url(i));
    const plan = planDelivery('image', urls);
    expect(plan.batches.map((b) => b.items.length)).toEqual([10, 2]);
    expect(plan.originals.map((b) => b.items.length)).toEqual([10, 2]);
  });

  it('keeps documents apart from photos and animations alone', () => {
    const batches = batchFiles([
      { url: url(0, '.png'), index: 0, kind: 'photo' },
      { url: url(1, '.zip'), index: 1, kind: 'document' },
      { url: url(2, '.gif'), index: 2, kind: 'animation' },
      { url: url(3, '.mp4'), index: 3, kind: 'video' },
      { url: url(4, '.pdf'), index: 4, kind: 'document' },
    ]);
    expect(kinds(batches)).toEqual([['photo#0', 'video#3'], ['animation#2'], ['document#1', 'document#4']]);
  });

  it('names uploaded files from the URL, else the content type, else the kind', () => {
    expect(resultFileName({ url: url(1, '.webp'), index: 0, kind: 'photo' }, 'image/png')).toBe(
      'result-1.webp',
    );
    expect(resultFileName({ url: url(1), index: 2, kind: 'photo' }, 'image/jpeg')).toBe('result-3.jpg');
    expect(resultFileName({ url: url(1), index: 0, kind: 'video' })).toBe('result-1.mp4');
    expect(resultFileName({ url: url(1), index: 0, kind: 'document' }, 'application/x-thing')).toBe(
      'result-1.bin',
    );
  });
});
