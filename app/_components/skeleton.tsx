/** Placeholder lines that hold the space data will take, so nothing jumps when it arrives. */
export function Skeleton({ lines = 3, height }: { lines?: number; height?: number | string }) {
  if (height !== undefined) return <div className="skeleton-block" style={{ height }} aria-hidden="true" />;
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton-line" />
      ))}
    </div>
  );
}
