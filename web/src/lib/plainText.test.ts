// Page descriptions and site search's documents made from markdown read as words (one function,
// server/schema/site/plainText.ts), GitHub-flavoured markdown included.
import { expect, it } from 'vitest';
import { plainText } from '../../../server/schema/site/plainText.ts';

it('keeps the words and drops the marks', () => {
  expect(plainText('## Kit\n\n**Bring** a [laptop](/kit) and ~~a pen~~ ![pic](/a.png)')).toBe(
    'Kit Bring a laptop and a pen pic',
  );
  expect(plainText('- [ ] laptops\n- [x] room keys')).toBe('laptops room keys');
  expect(plainText('| Day | Room |\n|---|:-:|\n| Mon | 4 |')).toBe('Day Room Mon 4');
  expect(plainText('Bring a pen.[^1]\n\n[^1]: Or a pencil.')).toBe('Bring a pen. Or a pencil.');
});

it('reads entities and nested quotes as the search documents did', () => {
  // The server's search once had its own copy (server/feeds/plainText.ts), held equal by nothing.
  expect(plainText('Tom &amp; Jerry: 1 &lt; 2 &gt; 0,&nbsp;&amp;lt; stays')).toBe(
    'Tom & Jerry: 1 < 2 > 0, &lt; stays',
  );
  expect(plainText('>> nested\n\n1) first')).toBe('nested first');
  expect(plainText('Visit <b>us</b> .')).toBe('Visit us.');
  expect(plainText(undefined)).toBe('');
});
