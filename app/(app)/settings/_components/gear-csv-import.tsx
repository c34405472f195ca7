'use client';
import { useState } from 'react';
import { FormFooter } from '../../../_components/form-footer';
import { postFile } from '../../../_lib/post-file';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { useFormSubmit } from '../../../_lib/use-form-submit';

const KINDS = [
  { value: 'bikes', label: 'bikes.csv (bikes)' },
  { value: 'shoes', label: 'shoes.csv (shoes)' },
] as const;

/** The provider's bikes.csv or shoes.csv (from its account export) over REST; names already present are skipped. */
export function GearCsvImport() {
  const utils = trpc.useUtils();
  const [result, setResult] = useState<{ kind: string; created: number; skipped: number } | null>(null);
  const submit = useFormSubmit(
    async (form) => {
      const kind = String(form.get('kind'));
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0) throw new Error('Choose a CSV file first.');
      setResult(null);
      const answer = await postFile<{ created: number; skipped: number }>(`/strava/import/${kind}`, file);
      setResult({ kind, created: answer.created, skipped: answer.skipped });
      void refreshQuery(utils.gear.list);
    },
    { reset: true },
  );

  return (
    <form className="stack subtle" onSubmit={submit.onSubmit} aria-label="Import gear from a CSV file">
      <h3>Import from a CSV export</h3>
      <div className="form-row">
        <label className="field">
          <span>Export file</span>
          <select name="kind" defaultValue="bikes">
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>CSV file</span>
          <input name="file" type="file" accept=".csv,text/csv" required />
        </label>
      </div>
      <FormFooter submit={submit} label="Import" pendingLabel="Importing…">
        <span role="status" data-testid="gear-import-result">
          {result ? `${result.created} created, ${result.skipped} skipped (already present or without a name).` : ''}
        </span>
      </FormFooter>
    </form>
  );
}
