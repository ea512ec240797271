import { describe, expect, it } from 'vitest';
import { fieldText } from './fieldText.ts';

describe('fieldText', () => {
  it('writes out strings, numbers and booleans as they are', () => {
    expect(fieldText('a b')).toBe('a b');
    expect(fieldText(12)).toBe('12');
    expect(fieldText(false)).toBe('false');
  });

  it('gives the fallback for an empty value, and nothing for a shape no field holds', () => {
    expect(fieldText(undefined)).toBe('');
    expect(fieldText(null, '0')).toBe('0');
    expect(fieldText('', '0')).toBe('');
    expect(fieldText({ a: 1 })).toBe('');
    expect(fieldText(['a'])).toBe('');
  });
});
