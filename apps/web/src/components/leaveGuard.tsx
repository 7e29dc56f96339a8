/**
 * "Save changes?" when leaving an edited form (spec 4), as WeChat asks it: a form says whether
 * it has unsaved changes and how to save them (`useLeaveGuard(dirty, save)`), and the page's
 * Back asks before leaving. Save runs the form's own save, which checks the input and goes
 * back once saved (or stays, showing why not); Don't save goes back.
 *
 * Back in the title bar is the app's way back. Closing or reloading the tab gets the browser's
 * own "leave site?" prompt while there are unsaved changes; the browser's back button (a
 * history pop, which no page may cancel) is not asked about.
 */
import { createContext, use, useCallback, useEffect, useRef, type RefObject } from 'react';
import { useT } from '../i18n';
import { confirmDialog } from '../lib/ui';

interface Guard {
  dirty: boolean;
  save: () => void;
}

/** Registers a form's guard with its page; returns the unregistration. */
type Register = (guard: RefObject<Guard>) => () => void;

export const LeaveGuardContext = createContext<Register | null>(null);

/** In a page's form: while `dirty`, the page's Back asks "Save changes?" and Save calls `save`. */
export function useLeaveGuard(dirty: boolean, save: () => void): void {
  const register = use(LeaveGuardContext);
  const guard = useRef<Guard>({ dirty, save });
  useEffect(() => {
    guard.current = { dirty, save };
  });
  useEffect(() => register?.(guard), [register]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** The hook as an element, for a screen whose form state lives above its page. */
export function LeaveGuard({ dirty, save }: { dirty: boolean; save: () => void }) {
  useLeaveGuard(dirty, save);
  return null;
}

/**
 * For a page: the registration its forms use (hand it down through LeaveGuardContext), and its
 * Back, which asks first while a registered form has unsaved changes.
 */
export function useGuardedBack(back: () => void): { register: Register; back: () => void } {
  const t = useT();
  const guard = useRef<RefObject<Guard> | null>(null);
  const asking = useRef(false);

  const register = useCallback<Register>((next) => {
    guard.current = next;
    return () => {
      if (guard.current === next) guard.current = null;
    };
  }, []);

  const guardedBack = useCallback(async () => {
    const form = guard.current?.current;
    if (!form?.dirty) {
      back();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    try {
      const save = await confirmDialog({
        title: t('leave.title'),
        confirmText: t('leave.save'),
        cancelText: t('leave.discard'),
      });
      if (save) form.save();
      else back();
    } finally {
      asking.current = false;
    }
  }, [back, t]);

  return { register, back: () => void guardedBack() };
}
