import { describe, expect, it } from 'vitest';
import { deviceName } from './device-name';

describe('the device line names the brand once (issue 50: "COROS COROS APEX Pro")', () => {
  it('drops the brand when the model already starts with it, in any case', () => {
    expect(deviceName('COROS', 'COROS APEX Pro')).toBe('COROS APEX Pro');
    expect(deviceName('garmin', 'Garmin Edge 530')).toBe('Garmin Edge 530');
  });
  it('puts the brand before a model that lacks it', () => {
    expect(deviceName('Garmin', 'Edge 530')).toBe('Garmin Edge 530');
  });
  it('shows a model alone, and nothing without a model', () => {
    expect(deviceName(null, 'Forerunner 945')).toBe('Forerunner 945');
    expect(deviceName('Wahoo', null)).toBeNull();
    expect(deviceName('Wahoo', '  ')).toBeNull();
  });
});
