/** Date and time in the user's zone (profile timezone), falling back to the browser's. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { timeZone: timeZone ?? undefined, dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-GB', { timeZone: timeZone ?? undefined, dateStyle: 'medium' });
}

/** yyyy-MM-dd of today in the browser's zone, for date inputs. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
