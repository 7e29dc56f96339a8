import type { ReactNode } from 'react';
import { useNav } from '../nav';
import { LeaveGuardContext, useGuardedBack } from './leaveGuard';
import { TitleBar } from './TitleBar';
import s from './Page.module.css';

export interface PageProps {
  title: string;
  /** A back button (default); tab pages have none. */
  back?: boolean;
  onBack?: () => void;
  headerRight?: ReactNode;
  children: ReactNode;
}

/**
 * A screen: its title bar (the page heading) and its main content. Back asks "Save changes?"
 * first while a form of the page has unsaved changes (useLeaveGuard).
 */
export function Page({ title, back = true, onBack, headerRight, children }: PageProps) {
  const nav = useNav();
  const leave = useGuardedBack(onBack ?? nav.navigateBack);
  return (
    <LeaveGuardContext value={leave.register}>
      <div className={s.page}>
        <TitleBar title={title} onBack={back ? leave.back : undefined} right={headerRight} />
        <main className={s.main}>{children}</main>
      </div>
    </LeaveGuardContext>
  );
}
