import { useId, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { normalizeUrl, useNav } from '../nav';
import { useT } from '../i18n';
import { badgeText, type BadgeValue } from '../lib/badge';
import { useTabBadges } from '../store/tabBadges';
import s from './TabBar.module.css';

export interface TabDef {
  url: string;
  label: 'tabs.message' | 'tabs.contact' | 'tabs.discover' | 'tabs.me';
  Icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  ActiveIcon: ComponentType<{ 'aria-hidden'?: boolean }>;
}

function Badge({ value, id }: { value: BadgeValue; id: string }) {
  const t = useT();
  if (value === 'dot') {
    return (
      <>
        <span className={s.dot} aria-hidden />
        <span id={id} className="visually-hidden">
          {t('tabs.dot')}
        </span>
      </>
    );
  }
  const text = badgeText(value);
  if (!text) return null;
  return (
    <>
      <span className={s.badge} aria-hidden>
        {text}
      </span>
      <span id={id} className="visually-hidden">
        {t('tabs.unread', { count: value })}
      </span>
    </>
  );
}

/**
 * The custom 50 px tab bar: four buttons inside a navigation landmark. A tab's accessible name
 * is its label alone; its badge is read as a description ("Message", "3 new").
 */
export function TabBar({ tabs }: { tabs: readonly TabDef[] }) {
  const t = useT();
  const nav = useNav();
  const badges = useTabBadges();
  const current = normalizeUrl(useLocation().pathname).path;
  const idBase = useId();

  return (
    <nav className={s.bar} aria-label={t('tabs.label')}>
      {tabs.map((tab, index) => {
        const active = normalizeUrl(tab.url).path === current;
        const badge = badges[index] ?? 0;
        const badgeId = `${idBase}-badge-${index}`;
        const hasBadge = badge === 'dot' || badge > 0;
        const Icon = active ? tab.ActiveIcon : tab.Icon;
        return (
          <button
            key={tab.url}
            type="button"
            className={s.tab}
            aria-label={t(tab.label)}
            aria-current={active ? 'page' : undefined}
            aria-describedby={hasBadge ? badgeId : undefined}
            onClick={() => {
              if (!active) nav.switchTab(tab.url);
            }}
          >
            <span className={s.icon}>
              <Icon aria-hidden />
              <Badge value={badge} id={badgeId} />
            </span>
            <span className={s.label} aria-hidden>
              {t(tab.label)}
            </span>
          </button>
        );
      })}
    </nav>
  );
}
