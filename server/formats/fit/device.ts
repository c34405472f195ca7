import { getFitGarminProductDisplayName } from 'fit-file-parser';
import type { DecodedFit } from './decode';
import { numField, stringField } from './fields';

export interface Device {
  manufacturer: string | null;
  model: string | null;
}

/** "wahoo_fitness" → "Wahoo Fitness"; a few brands have a house spelling. */
const MANUFACTURER_NAMES: Record<string, string> = {
  garmin: 'Garmin',
  wahoo_fitness: 'Wahoo',
  coros: 'COROS',
  sigmasport: 'SIGMA',
  hammerhead: 'Hammerhead',
  suunto: 'Suunto',
  polar: 'Polar',
  zwift: 'Zwift',
  tomtom: 'TomTom',
  bryton: 'Bryton',
  stages_cycling: 'Stages',
  development: 'Development',
  strava: 'Strava',
  apple: 'Apple',
  samsung: 'Samsung',
  huawei: 'Huawei',
};

function manufacturerName(raw: string | null): string | null {
  if (!raw) return null;
  return (
    MANUFACTURER_NAMES[raw] ??
    raw
      .split('_')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')
  );
}

/** The recording device from file_id, completed by the creator's device_info. */
export function deviceFromFit(fit: DecodedFit): Device {
  const fileId = fit.fileIds[0];
  const creator = fit.deviceInfos.find((d) => d.device_index === 'creator') ?? fit.deviceInfos[0];
  const rawManufacturer = stringField(fileId, 'manufacturer') ?? stringField(creator, 'manufacturer');
  const productName = stringField(fileId, 'product_name') ?? stringField(creator, 'product_name');
  let model = productName;
  if (!model && rawManufacturer === 'garmin') {
    const product = numField(fileId, 'garmin_product', 'product') ?? stringField(fileId, 'garmin_product');
    model = product !== null ? getFitGarminProductDisplayName(product) : null;
  }
  return { manufacturer: manufacturerName(rawManufacturer), model };
}
