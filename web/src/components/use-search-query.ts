// A page's search text kept in the URL (?q=), so a reload or a shared link shows the same results; typing replaces the
// history entry instead of adding one per key.
import { useSearchParams } from 'react-router';

export function useSearchQuery(): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const setQuery = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  return [params.get('q') ?? '', setQuery];
}
