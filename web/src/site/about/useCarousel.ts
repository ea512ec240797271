// Carousel state (spec §4, §9): infinite, one slide at a time, 2000 ms transition, a new slide
// every 10 s, paused while hovered or focused or by the visitor, and still (no autoplay, no
// sliding) when the visitor prefers reduced motion.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/useMediaQuery.ts';

export const TRANSITION_MS = 2000;
export const AUTOPLAY_MS = 10_000;

interface Move {
  from: number;
  to: number;
  direction: 1 | -1;
}

export function useCarousel(count: number) {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [move, setMove] = useState<Move | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const slideEls = useRef(new Map<number, HTMLElement>());

  const current = count ? ((index % count) + count) % count : 0;

  const goTo = useCallback(
    (to: number, direction: 1 | -1) => {
      if (!count) return;
      const target = ((to % count) + count) % count;
      if (target === current) return;
      setMove({ from: current, to: target, direction });
      setIndex(target);
    },
    [count, current],
  );

  const next = useCallback(() => goTo(current + 1, 1), [goTo, current]);
  const previous = useCallback(() => goTo(current - 1, -1), [goTo, current]);
  const show = useCallback((to: number) => goTo(to, to >= current ? 1 : -1), [goTo, current]);

  // Slide the outgoing slide out and the incoming one in, both over TRANSITION_MS. The outgoing
  // one holds its end position until the move is over and it is hidden in the same commit.
  useLayoutEffect(() => {
    if (!move) return;
    const incoming = slideEls.current.get(move.to);
    const outgoing = slideEls.current.get(move.from);
    if (reducedMotion || !incoming || !outgoing || typeof incoming.animate !== 'function') {
      setMove(null);
      return;
    }
    const timing: KeyframeAnimationOptions = {
      duration: TRANSITION_MS,
      easing: 'ease-in-out',
      fill: 'forwards',
    };
    const d = move.direction * 100;
    const a = incoming.animate([{ transform: `translateX(${d}%)` }, { transform: 'translateX(0)' }], timing);
    const b = outgoing.animate([{ transform: 'translateX(0)' }, { transform: `translateX(${-d}%)` }], timing);
    a.onfinish = () => setMove((m) => (m === move ? null : m));
    return () => {
      a.onfinish = null;
      a.cancel();
      b.cancel();
    };
  }, [move, reducedMotion]);

  const paused = hovered || focused || stopped || reducedMotion;
  useEffect(() => {
    if (paused || count < 2) return;
    const t = setTimeout(() => goTo(current + 1, 1), AUTOPLAY_MS);
    return () => clearTimeout(t);
  }, [paused, count, current, goTo]);

  const slideRef = useCallback(
    (i: number) => (el: HTMLElement | null) => {
      if (el) slideEls.current.set(i, el);
      else slideEls.current.delete(i);
    },
    [],
  );

  return {
    current,
    leaving: move?.from ?? null,
    next,
    previous,
    show,
    slideRef,
    paused,
    stopped,
    setStopped,
    setHovered,
    setFocused,
    reducedMotion,
  };
}
