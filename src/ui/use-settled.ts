import { useEffect, useState } from 'react';

/** The value once it stopped changing for `ms` (trimmed): a search asks the server once typing settles, not per letter. */
export function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
