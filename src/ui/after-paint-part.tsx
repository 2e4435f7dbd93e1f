import type { ComponentType } from 'react';
import { useLoadedAfterPaint } from './after-paint';

/** The part as loaded: in an object, since React state would call a component given to it as a function. */
type Loaded = { Part: ComponentType };

/**
 * A part of the page whose code loads after the first paint (initial JavaScript, DESIGN.md §10): nothing until its
 * module is there, then the part itself. For parts the first paint cannot show anyway (issue 23).
 */
export function afterFirstPaint(load: () => Promise<ComponentType>): ComponentType {
  const cache: { current: Loaded | null } = { current: null };
  const loadPart = () => load().then((Part): Loaded => ({ Part }));
  return function AfterFirstPaint() {
    const loaded = useLoadedAfterPaint(loadPart, cache);
    return loaded ? <loaded.Part /> : null;
  };
}
