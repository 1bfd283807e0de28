import { useCallback, useEffect, useRef, useState } from 'react';

export interface ApiData<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** changes the shown data in place (after a remove, say) without asking again */
  update: (change: (data: T) => T) => void;
}

/**
 * Data a page fetches in the browser after it rendered (lists of the signed-in reader's own
 * records). It asks again when `key` changes and drops answers to questions no longer asked.
 */
export function useApiData<T>(key: string, fetcher: () => Promise<T>): ApiData<T> {
  const [state, setState] = useState<{ key: string | null; data: T | null; error: unknown; loading: boolean }>({
    key: null,
    data: null,
    error: null,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });

  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    latest.current().then(
      (data) => {
        if (current) setState({ key, data, error: null, loading: false });
      },
      (error: unknown) => {
        if (current) setState((s) => ({ ...s, key, error, loading: false }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((change: (data: T) => T) => setState((s) => (s.data === null ? s : { ...s, data: change(s.data) })), []);
  return { data: state.data, error: state.error, loading: state.loading, reload, update };
}
