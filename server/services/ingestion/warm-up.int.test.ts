import { describe, expect, it } from 'vitest';
import { setEnvForTests } from '@/server/env';
import { warmUpIngestion } from './warm-up';

setEnvForTests({ SECRET_KEY: 'x'.repeat(32) });

describe('warming the parse path at start (issue 55)', () => {
  it('the warm-up GPX and TCX parse and prepare in the worker pool: one activity each', async () => {
    expect(await warmUpIngestion()).toBe(2);
  });
});
