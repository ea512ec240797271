// The contact form's settings from the environment: defaults, values, and a bad value named.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';

describe('contact settings (CMS_CONTACT_PER_HOUR, CMS_MESSAGES_MAX_MB)', () => {
  it('default to 60 an hour and 50 MB', () => {
    const config = configFromEnv({});
    expect(config.contactPerHour).toBe(60);
    expect(config.messagesMaxBytes).toBe(50 * 1024 * 1024);
  });

  it('take whole messages an hour and megabytes, fractions included', () => {
    const config = configFromEnv({ CMS_CONTACT_PER_HOUR: ' 200 ', CMS_MESSAGES_MAX_MB: '0.5' });
    expect(config.contactPerHour).toBe(200);
    expect(config.messagesMaxBytes).toBe(512 * 1024);
  });

  it('refuse to start on a value that is not one, naming the setting', () => {
    expect(() => configFromEnv({ CMS_CONTACT_PER_HOUR: '0' })).toThrow(
      'CMS_CONTACT_PER_HOUR must be a whole number above 0 (it is "0").',
    );
    expect(() => configFromEnv({ CMS_CONTACT_PER_HOUR: '2.5' })).toThrow(/CMS_CONTACT_PER_HOUR/);
    expect(() => configFromEnv({ CMS_MESSAGES_MAX_MB: '50MB' })).toThrow(
      'CMS_MESSAGES_MAX_MB must be a number above 0 (it is "50MB").',
    );
  });
});
