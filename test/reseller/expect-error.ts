import { expect } from 'vitest';
import { ResellerError } from '../../src/reseller/errors.js';

/** Awaits a promise that must reject with a ResellerError and returns it. */
export async function failure(p: Promise<unknown>): Promise<ResellerError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ResellerError);
  return err as ResellerError;
}

/** Awaits a rejection and checks its code (and HTTP status when given). */
export async function expectCode(
  p: Promise<unknown>,
  code: string,
  httpStatus?: number,
): Promise<ResellerError> {
  const err = await failure(p);
  expect({ code: err.code, message: err.message }).toMatchObject({ code });
  if (httpStatus !== undefined) expect(err.httpStatus).toBe(httpStatus);
  return err;
}
