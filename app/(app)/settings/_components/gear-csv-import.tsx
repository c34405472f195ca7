'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormFooter } from '../../../_components/form-footer';
import { postFile } from '../../../_lib/post-file';
import { ProblemError } from '../../../_lib/problem';
import { LOCAL_PROBLEM } from '../../../_lib/problem-message';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { useFormSubmit } from '../../../_lib/use-form-submit';

const KINDS = [
  { value: 'bikes', label: 'bikes.csv (bikes)' },
  { value: 'shoes', label: 'shoes.csv (shoes)' },
] as const;

/** The provider's bikes.csv or shoes.csv (from its account export) over REST; names already present are skipped. */
export function GearCsvImport() {
  const t = useTranslations('gear.csv');
  const utils = trpc.useUtils();
  const [result, setResult] = useState<{ kind: string; created: number; skipped: number } | null>(null);
  const submit = useFormSubmit(
    async (form) => {
      const kind = String(form.get('kind'));
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0) throw new ProblemError({ status: 0, code: LOCAL_PROBLEM, detail: t('choose') });
      setResult(null);
      const answer = await postFile<{ created: number; skipped: number }>(`/strava/import/${kind}`, file);
      setResult({ kind, created: answer.created, skipped: answer.skipped });
      void refreshQuery(utils.gear.list);
    },
    { reset: true },
  );

  return (
    <form className="stack subtle" onSubmit={submit.onSubmit} aria-label={t('form')}>
      <h3>{t('title')}</h3>
      <div className="form-row">
        <label className="field">
          <span>{t('kind')}</span>
          <select name="kind" defaultValue="bikes">
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('file')}</span>
          <input name="file" type="file" accept=".csv,text/csv" required />
        </label>
      </div>
      <FormFooter submit={submit} label={t('import')} pendingLabel={t('importing')}>
        <span role="status" data-testid="gear-import-result">
          {result ? t('result', { created: result.created, skipped: result.skipped }) : ''}
        </span>
      </FormFooter>
    </form>
  );
}
