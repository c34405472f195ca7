'use client';
import { useTranslations } from 'next-intl';
import type { Formats } from '../../../_lib/use-formats';

interface Composition {
  body_fat: number | null;
  body_water: number | null;
  muscle_mass: number | null;
  bone_mass: number | null;
  visceral_fat: number | null;
}

/** Issue 51: what a smart scale sent beside the weight (openScale), only the figures it has; nothing without any. */
export function BodyComposition({ entry, f }: { entry: Composition; f: Formats }) {
  const t = useTranslations('bodyComposition');
  const parts: [string, string][] = [];
  const percent = (value: number) => `${f.number(value, 1)} %`;
  if (entry.body_fat !== null) parts.push([t('bodyFat'), percent(entry.body_fat)]);
  if (entry.body_water !== null) parts.push([t('bodyWater'), percent(entry.body_water)]);
  if (entry.muscle_mass !== null) parts.push([t('muscleMass'), f.weight(entry.muscle_mass)]);
  if (entry.bone_mass !== null) parts.push([t('boneMass'), f.weight(entry.bone_mass)]);
  if (entry.visceral_fat !== null) parts.push([t('visceralFat'), f.number(entry.visceral_fat, entry.visceral_fat % 1 ? 1 : 0)]);
  if (!parts.length) return null;
  return (
    <dl className="body-composition muted" aria-label={t('label')} data-testid="body-composition">
      {parts.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
