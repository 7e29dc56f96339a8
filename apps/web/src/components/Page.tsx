import type { ReactNode } from 'react';
import { useNav } from '../nav';
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

/** A screen: its title bar (the page heading) and its main content. */
export function Page({ title, back = true, onBack, headerRight, children }: PageProps) {
  const nav = useNav();
  return (
    <div className={s.page}>
      <TitleBar title={title} onBack={back ? (onBack ?? nav.navigateBack) : undefined} right={headerRight} />
      <main className={s.main}>{children}</main>
    </div>
  );
}
