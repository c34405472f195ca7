'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ActivityTypeOptions } from '../../../../_components/activity-type-options';
import { FormFooter } from '../../../../_components/form-footer';
import type { ACTIVITY_TYPES } from '../../../../_lib/activity-types';
import { problemOf, ProblemError } from '../../../../_lib/problem';
import { LOCAL_PROBLEM } from '../../../../_lib/problem-message';
import { trpc } from '../../../../_lib/trpc';
import type { Activity } from '../../../../_lib/trpc-types';
import { refreshQuery } from '../../../../_lib/refresh-query';
import { useFormSubmit } from '../../../../_lib/use-form-submit';

const VISIBILITIES = ['private', 'followers', 'public'] as const;

/**
 * Edits name, description, type, gear, visibility and hidden, sending the version the form was opened with. If the
 * activity changed elsewhere meanwhile, the service refuses (412) and the form offers to reload.
 * The house form shape: useFormSubmit + FormFooter.
 */
export function ActivityEditForm({ activity, onDone }: { activity: Activity; onDone: () => void }) {
  const t = useTranslations('activity.editForm');
  const common = useTranslations('common');
  const gearTypes = useTranslations('gear.types');
  const sharing = useTranslations('flows.sharing');
  const utils = trpc.useUtils();
  const gear = trpc.gear.list.useQuery();
  const update = trpc.activities.update.useMutation();
  const [version, setVersion] = useState(activity.version);
  const [formKey, setFormKey] = useState(0);
  const submit = useFormSubmit(async (form) => {
    const gearId = String(form.get('gear_id') ?? '');
    try {
      const updated = await update.mutateAsync({
        id: activity.id,
        expected_version: version,
        changes: {
          name: String(form.get('name') ?? ''),
          description: String(form.get('description') ?? '') || null,
          activity_type: String(form.get('activity_type')) as (typeof ACTIVITY_TYPES)[number],
          gear_id: gearId ? Number(gearId) : null,
          visibility: String(form.get('visibility')) as (typeof VISIBILITIES)[number],
          is_hidden: form.get('is_hidden') === 'on',
        },
      });
      utils.activities.get.setData({ id: activity.id }, updated);
      void refreshQuery(utils.activities.list);
      onDone();
    } catch (error) {
      const problem = problemOf(error);
      // changed elsewhere since the form opened (412): said in the person's language, with a reload beside Save
      throw new ProblemError(problem.status === 412 ? { ...problem, code: LOCAL_PROBLEM, detail: t('stale') } : problem);
    }
  });
  const stale = submit.problem?.status === 412;

  async function reloadLatest() {
    const latest = await utils.activities.get.fetch({ id: activity.id }, { staleTime: 0 });
    setVersion(latest.version);
    submit.clear();
    setFormKey((k) => k + 1);
  }

  const latest = utils.activities.get.getData({ id: activity.id }) ?? activity;
  return (
    <form key={formKey} className="card stack" onSubmit={submit.onSubmit} aria-labelledby="edit-heading">
      <h2 id="edit-heading">{t('title')}</h2>
      <label className="field">
        <span>{t('name')}</span>
        <input name="name" defaultValue={latest.name} required maxLength={255} />
      </label>
      <label className="field">
        <span>{t('description')}</span>
        <textarea name="description" defaultValue={latest.description ?? ''} maxLength={10_000} />
      </label>
      <div className="form-row">
        <label className="field">
          <span>{t('type')}</span>
          <select name="activity_type" defaultValue={latest.activity_type}>
            <ActivityTypeOptions />
          </select>
        </label>
        <label className="field">
          <span>{t('gear')}</span>
          <select name="gear_id" defaultValue={latest.gear_id ?? ''} disabled={!gear.data}>
            <option value="">{common('none')}</option>
            {gear.data?.map((g) => (
              <option key={g.id} value={g.id}>
                {g.nickname} ({gearTypes(g.gear_type)})
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="form-row">
        <label className="field">
          <span>{sharing('visibility')}</span>
          <select name="visibility" defaultValue={latest.visibility} aria-describedby="visibility-hint" data-testid="edit-visibility">
            {VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {sharing(`visibilities.${v}`)}
              </option>
            ))}
          </select>
          <span id="visibility-hint" className="small muted">
            {sharing('visibilityHint')}
          </span>
        </label>
        <div className="field">
          <label className="choice">
            <input type="checkbox" name="is_hidden" defaultChecked={latest.is_hidden} aria-describedby="hidden-hint" data-testid="edit-hidden" />{' '}
            {sharing('hidden')}
          </label>
          <span id="hidden-hint" className="small muted">
            {sharing('hiddenHint')}
          </span>
        </div>
      </div>
      <FormFooter submit={submit} label={common('save')} pendingLabel={common('saving')} disabled={stale}>
        {stale ? (
          <button type="button" onClick={() => void reloadLatest()}>
            {t('reload')}
          </button>
        ) : null}
        <button type="button" onClick={onDone}>
          {common('cancel')}
        </button>
      </FormFooter>
    </form>
  );
}
