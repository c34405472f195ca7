'use client';
import { useLocale, useTranslations } from 'next-intl';
import { formatDistance, type Units } from '../../../../_lib/units';

/** the segment form's name field, which "Name it" brings into view */
export const SEGMENT_NAME_FIELD = 'segment-name-field';

/**
 * CONTRACT: Explorer, goals, gear components, segments: choose a segment's stretch on the map.
 * The toggle turns picking on; the first click on the map is the start, the second the end (each
 * snapped to the nearest sample of the track); the chosen stretch then fills the segment form
 * further down, whose From/To fields stay the keyboard's way.
 */
export function MapStretchBar({
  picking,
  pickStart,
  metres,
  units,
  onPicking,
}: {
  picking: boolean;
  pickStart: number | null;
  /** the chosen stretch's length, or null while none is chosen */
  metres: number | null;
  units: Units;
  onPicking: (picking: boolean) => void;
}) {
  const t = useTranslations('segments');
  const locale = useLocale();
  const status = picking
    ? pickStart == null
      ? t('pickStart')
      : t('pickEnd')
    : metres != null
      ? t('stretch', { distance: formatDistance(metres, units, locale) })
      : null;
  const nameIt = () => {
    const field = document.getElementById(SEGMENT_NAME_FIELD);
    field?.scrollIntoView({ block: 'center' });
    field?.focus();
  };
  return (
    <div className="map-pick-bar" data-testid="map-stretch">
      <button type="button" aria-pressed={picking} onClick={() => onPicking(!picking)}>
        {t('pickOnMap')}
      </button>
      <p className="muted small" aria-live="polite">
        {status}
      </p>
      {!picking && metres != null ? (
        <button type="button" onClick={nameIt}>
          {t('nameIt')}
        </button>
      ) : null}
    </div>
  );
}
