import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('logger', () => {
  it('writes each key once: a component inside another keeps the innermost name', () => {
    const { lines, stream } = capture();
    const logger = createLogger({ level: 'info', secrets: [], destination: stream, pretty: false });
    const delivery = logger
      .child({ component: 'order-notifier' })
      .child({ component: 'delivery', orderId: 'a' });
    delivery.warn({ orderId: 'a', file: 1 }, 'could not send result files');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.match(/"component"/g)).toHaveLength(1);
    expect(lines[0]!.match(/"orderId"/g)).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ component: 'delivery', orderId: 'a', file: 1, level: 40 });
  });

  it('still removes secrets from every line', () => {
    const { lines, stream } = capture();
    const logger = createLogger({
      level: 'info',
      secrets: ['s3cret-token'],
      destination: stream,
      pretty: false,
    });
    logger.error({ err: new Error('GET https://x/bots3cret-token/getMe failed') }, 'oops s3cret-token');
    expect(lines.join('\n')).not.toContain('s3cret-token');
  });

  it('readable lines instead of JSON for a terminal', async () => {
    const { lines, stream } = capture();
    const logger = createLogger({
      level: 'info',
      secrets: ['s3cret-token'],
      destination: stream,
      pretty: true,
    });
    logger.child({ component: 'a' }).child({ component: 'b' }).warn('bot started with s3cret-token');
    logger.flush();
    await new Promise((resolve) => setImmediate(resolve));
    const text = lines.join('\n');
    expect(text).toMatch(/WARN/);
    expect(text).toMatch(/bot started with \[REDACTED\]/);
    expect(text).not.toContain('s3cret-token');
    expect(() => JSON.parse(lines[0]!)).toThrow();
    expect(text.match(/component/g)).toHaveLength(1);
  });
});
