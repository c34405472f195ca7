import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';

/**
 * The three states of a list a section loads: placeholder lines while it loads (sized like the
 * list, so nothing jumps), the section's empty line when there is nothing, else the list itself.
 */
export function LoadedList<T>({
  items,
  lines,
  height,
  empty,
  children,
}: {
  items: T[] | undefined;
  lines?: number;
  height?: number | string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (!items) return <Skeleton lines={lines} height={height} />;
  if (items.length === 0) return empty;
  return children(items);
}
