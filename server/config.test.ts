// The contact form's setting from the environment: its default, a value, and a bad value named.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';

describe('CMS_CONTACT_PER_HOUR', () => {
  it('defaults to 60 an hour and takes a whole number', () => {
    expect(configFromEnv({}).contactPerHour).toBe(60);
    expect(configFromEnv({ CMS_CONTACT_PER_HOUR: ' 200 ' }).contactPerHour).toBe(200);
  });

  it('refuses to start on a value that is not one, naming the setting', () => {
    expect(() => configFromEnv({ CMS_CONTACT_PER_HOUR: '0' })).toThrow(
      'CMS_CONTACT_PER_HOUR must be a whole number above 0 (it is "0").',
    );
    expect(() => configFromEnv({ CMS_CONTACT_PER_HOUR: '2.5' })).toThrow(/CMS_CONTACT_PER_HOUR/);
  });
});
