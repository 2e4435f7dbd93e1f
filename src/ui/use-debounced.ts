import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `ms` (search fields: 300 ms, part 1 §9). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
