/** The point under the chart cursor (index into the stored streams), shared with the map without re-rendering React. */
export class HoverBus {
  private listeners = new Set<(index: number | null) => void>();

  emit(index: number | null): void {
    for (const listener of this.listeners) listener(index);
  }

  subscribe(listener: (index: number | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
