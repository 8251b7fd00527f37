import { describe, expect, it } from 'vitest';
import {
  checkUrl,
  guardedLookup,
  isPublicAddress,
  STRICT_URL_POLICY,
  trustingOrigin,
} from '../../src/lib/url-policy.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '[::1]',
    '::7f00:1', // IPv4-compatible 127.0.0.1
    '::0.0.0.5',
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    '2002:808:808::1', // 6to4, even of a public IPv4: the relay decides where it goes
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    '2001::1',
    '64:ff9b:1::a00:1', // local-use NAT64 (RFC 8215)
    '64:ff9b:1::808:808',
    '2001:db8::1', // documentation
    '100::1', // discard
    'fec0::1', // deprecated site-local
    'ff02::1',
    '198.18.0.1', // benchmarking
    '192.0.2.1', // documentation
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808', // the well-known NAT64 prefix to a public IPv4
    '2a00:1450:4001:82a::200e',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('a host name is not an address', () => {
    expect(isPublicAddress('example.com')).toBe(false);
  });
});

describe('checkUrl', () => {
  const strict = STRICT_URL_POLICY;

  it('takes https to a public host', () => {
    expect(checkUrl('https://cdn.example.com/g/abc', strict)).toMatchObject({ ok: true });
  });

  it.each([
    ['file:///etc/passwd', /scheme file:/],
    ['ftp://example.com/x', /scheme ftp:/],
    ['data:image/png;base64,AAAA', /scheme data:/],
    ['javascript:alert(1)', /scheme javascript:/],
    ['http://example.com/x', /scheme http:/],
    ['https://user:pw@example.com/x', /credentials/],
    ['not a url', /not a URL/],
    ['https://127.0.0.1/x', /private address/],
    ['https://2130706433/x', /private address/],
    ['https://0x7f.1/x', /private address/],
    ['https://0177.0.0.1/x', /private address/],
    ['https://[::1]/x', /private address/],
    ['https://[::ffff:169.254.169.254]/latest', /private address/],
    ['https://169.254.169.254/latest/meta-data', /private address/],
    ['https://localhost/x', /private host name/],
    ['https://metadata.google.internal/x', /private host name/],
  ])('refuses %s', (url, reason) => {
    const verdict = checkUrl(url, strict);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toMatch(reason);
  });

  it('plain http and loopback only where the policy says so', () => {
    expect(checkUrl('http://127.0.0.1:8080/g/x', { allowHttp: true, allowPrivate: true }).ok).toBe(true);
    expect(checkUrl('http://127.0.0.1:8080/g/x', { allowHttp: true, allowPrivate: false }).ok).toBe(false);
    expect(checkUrl('file:///etc/passwd', { allowHttp: true, allowPrivate: true }).ok).toBe(false);
  });
});

describe('a trusted origin (the built-in simulator)', () => {
  const policy = trustingOrigin(STRICT_URL_POLICY, 'http://127.0.0.1:8787/api/v1');

  it('is taken although plain http on loopback', () => {
    expect(checkUrl('http://127.0.0.1:8787/g/abc', policy)).toMatchObject({ ok: true });
  });

  it.each([
    ['http://127.0.0.1:8788/g/abc', /scheme http:/], // another port
    ['https://127.0.0.1:8787/g/abc', /private address/], // another scheme
    ['http://localhost:8787/g/abc', /scheme http:/], // another host name for the same place
    ['http://127.0.0.2:8787/g/abc', /scheme http:/],
    ['http://user:pw@127.0.0.1:8787/g/abc', /credentials/],
    ['file:///etc/passwd', /scheme file:/],
  ])('nothing else: %s', (url, reason) => {
    const verdict = checkUrl(url, policy);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toMatch(reason);
  });

  it('every other URL stays as strict as before', () => {
    expect(checkUrl('https://cdn.example.com/g/abc', policy).ok).toBe(true);
    expect(checkUrl('https://10.0.0.1/x', policy).ok).toBe(false);
    expect(checkUrl('https://[2002:7f00:1::1]/x', policy).ok).toBe(false);
  });
});

describe('guardedLookup', () => {
  const lookup = (host: string, policy = STRICT_URL_POLICY) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup(policy)(host, {}, (err, address) => resolve({ err, address })),
    );

  it('refuses a name that resolves to a private address', async () => {
    const { err } = await lookup('localhost');
    expect(err?.code).toBe('EADDRNOTPUBLIC');
  });

  it('lets the host name of a trusted origin through, and only that one', async () => {
    const policy = trustingOrigin(STRICT_URL_POLICY, 'http://localhost:8787');
    expect((await lookup('localhost', policy)).err).toBeNull();
    expect(
      (await lookup('localhost', trustingOrigin(STRICT_URL_POLICY, 'http://127.0.0.1:8787'))).err?.code,
    ).toBe('EADDRNOTPUBLIC');
  });

  it('lets it through where private addresses are allowed', async () => {
    const { err, address } = await lookup('localhost', { allowHttp: true, allowPrivate: true });
    expect(err).toBeNull();
    expect(String(address)).toMatch(/127\.0\.0\.1|::1/);
  });
});
