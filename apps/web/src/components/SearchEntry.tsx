import { SearchOutline } from 'antd-mobile-icons';
import s from './SearchEntry.module.css';

/** The search bar at the top of the Message and Contact tabs: a button that opens Search. */
export function SearchEntry({ label, onOpen }: { label: string; onOpen: () => void }) {
  return (
    <div className={s.row}>
      <button type="button" className={s.entry} onClick={onOpen}>
        <SearchOutline aria-hidden />
        <span>{label}</span>
      </button>
    </div>
  );
}
