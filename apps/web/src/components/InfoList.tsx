import { useId, type ReactNode } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import s from './InfoList.module.css';

export interface InfoRow {
  key: string;
  label: string;
  /** The current value; assistive technology reads it as the row's description. */
  value?: ReactNode;
  /** Opens the row's editor; a row without it only shows its value. */
  onPress?: () => void;
  /** Work in progress on this row (an upload). */
  busy?: boolean;
  /** The value is a sentence: shown whole under the label, on as many lines as it takes. */
  stacked?: boolean;
}

function Row({ row }: { row: InfoRow }) {
  const id = useId();
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const content = (
    <>
      <span id={labelId} className={s.label}>
        {row.label}
      </span>
      {row.value !== undefined && (
        <span id={valueId} className={s.value}>
          {row.value}
        </span>
      )}
      {row.onPress && <RightOutline className={s.chevron} aria-hidden />}
    </>
  );
  const className = row.stacked ? `${s.row} ${s.stacked}` : s.row;
  if (!row.onPress) return <div className={className}>{content}</div>;
  return (
    <button
      type="button"
      className={className}
      // The name is the label alone ("Name"); the value is its description.
      aria-labelledby={labelId}
      aria-describedby={row.value !== undefined ? valueId : undefined}
      aria-busy={row.busy || undefined}
      onClick={row.onPress}
    >
      {content}
    </button>
  );
}

/** Rows of a label and its current value, each opening its editor (Personal Info, Settings). */
export function InfoList({ rows, label }: { rows: readonly InfoRow[]; label?: string }) {
  return (
    <ul className={s.list} aria-label={label}>
      {rows.map((row) => (
        <li key={row.key}>
          <Row row={row} />
        </li>
      ))}
    </ul>
  );
}
