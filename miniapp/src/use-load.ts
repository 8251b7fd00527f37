/** Loads JSON for a screen, again whenever `key` changes; a stale answer never overwrites a newer one. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { getJson } from './api.js';

export type Load<T> = { state: 'loading' } | { state: 'error'; status: number } | { state: 'ok'; data: T };

export function useLoad<T>(path: string): [Load<T>, () => void] {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    getJson<T>(path).then(
      (data) => current && setLoad({ state: 'ok', data }),
      (err: { status?: number }) => current && setLoad({ state: 'error', status: err.status ?? 0 }),
    );
    return () => {
      current = false;
    };
  }, [path, round]);
  return [load, useCallback(() => setRound((r) => r + 1), [])];
}
