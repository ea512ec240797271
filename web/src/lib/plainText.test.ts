// Page descriptions made from markdown read as words, GitHub-flavoured markdown included.
import { expect, it } from 'vitest';
import { plainText } from './plainText.ts';

it('keeps the words and drops the marks', () => {
  expect(plainText('## Kit\n\n**Bring** a [laptop](/kit) and ~~a pen~~ ![pic](/a.png)')).toBe(
    'Kit Bring a laptop and a pen pic',
  );
  expect(plainText('- [ ] laptops\n- [x] room keys')).toBe('laptops room keys');
  expect(plainText('| Day | Room |\n|---|:-:|\n| Mon | 4 |')).toBe('Day Room Mon 4');
  expect(plainText('Bring a pen.[^1]\n\n[^1]: Or a pencil.')).toBe('Bring a pen. Or a pencil.');
});
