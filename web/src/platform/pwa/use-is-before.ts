// Whether the clock is still before `deadline`; turns false on its own when the deadline passes, so a time-limited
// state (the 'Later' dismissal, the update success flag) ends without a reload.
import { useEffect, useState } from 'react';

export function useIsBefore(deadline: number | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [deadline]);
  return deadline !== undefined && now < deadline;
}
