import { Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { whenIdle } from '../lib/when-idle';

/** What a lazily loaded menu is told when it takes over from its placeholder trigger. */
export interface LazyMenuProps {
  /** the reader clicked the placeholder: open at once */
  defaultOpen: boolean;
  /** the placeholder had the keyboard focus: the real trigger takes it over */
  autoFocus: boolean;
}

/** The attribute that marks a placeholder trigger, so the swap can tell whether it had focus. */
export const LAZY_TRIGGER_ATTRIBUTE = 'data-lazy-trigger';

interface Handoff {
  loading: boolean;
  open: boolean;
  focus: boolean;
}

/**
 * A menu or popover whose code (Radix, its positioning and focus handling) is not part of the
 * first load (docs/decisions/084): until the browser is idle after hydration, `placeholder`
 * renders the very same trigger as a plain button, so nothing moves when the real one takes over.
 * A click on the placeholder loads the code and opens the menu; a placeholder that had the focus
 * hands it to the real trigger.
 */
export function LazyMenu<P extends object>({
  menu: Menu,
  props,
  placeholder,
}: {
  menu: LazyExoticComponent<ComponentType<P & LazyMenuProps>>;
  props: P;
  /** the trigger as a plain button; `open` is its click handler */
  placeholder: (open: () => void) => ReactElement;
}) {
  const [handoff, setHandoff] = useState<Handoff>({ loading: false, open: false, focus: false });

  useEffect(
    () =>
      whenIdle(() =>
        setHandoff((current) => {
          if (current.loading) return current;
          const focused = document.activeElement?.hasAttribute(LAZY_TRIGGER_ATTRIBUTE) ?? false;
          return { loading: true, open: false, focus: focused };
        }),
      ),
    [],
  );

  const open = () => setHandoff({ loading: true, open: true, focus: true });
  if (!handoff.loading) return placeholder(open);
  return (
    <Suspense fallback={placeholder(open)}>
      <Menu {...props} defaultOpen={handoff.open} autoFocus={handoff.focus} />
    </Suspense>
  );
}
