import { useEffect, useEffectEvent, useState } from 'react';

export interface Loaded<T> {
  /** The last value that arrived; kept while a newer key loads, so the view does not flash empty. */
  data?: T;
  /** The Polish message of the last failure, only while it belongs to the current key. */
  error?: string;
  /** A request for the current key is in flight. */
  loading: boolean;
}

interface Settled<T> {
  key: string;
  data?: T;
  error?: string;
}

/**
 * Loads data whenever `key` changes (`undefined` means: nothing to load) and drops answers
 * that arrive after the key has moved on. `load` always sees the latest props and state
 * (an effect event), so the key alone decides when to load again.
 */
export function useLoad<T>(key: string | undefined, load: () => Promise<T>): Loaded<T> {
  const [settled, setSettled] = useState<Settled<T>>();
  const run = useEffectEvent(load);
  useEffect(() => {
    if (key === undefined) return;
    let current = true;
    run().then(
      (data) => current && setSettled({ key, data }),
      (e: unknown) => current && setSettled({ key, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  const fresh = settled?.key === key ? settled : undefined;
  return { data: settled?.data, error: fresh?.error, loading: key !== undefined && !fresh };
}
