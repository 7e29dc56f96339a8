import { Outlet } from 'react-router';
import { TabBar, type TabDef } from './TabBar';
import s from './TabLayout.module.css';

/** The four tab pages share this frame: the page above, the tab bar below. */
export function TabLayout({ tabs }: { tabs: readonly TabDef[] }) {
  return (
    <div className={s.layout}>
      <div className={s.content}>
        <Outlet />
      </div>
      <TabBar tabs={tabs} />
    </div>
  );
}
