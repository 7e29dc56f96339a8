import { useId, type ReactNode } from 'react';
import { lazyModule, useLazyModule } from '../../lib/lazyModule';
import s from './Sheet.module.css';

export interface SheetProps {
  open: boolean;
  /** The dialog's name; shown as its heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** antd-mobile's Popup with its springs: loaded when a sheet first opens, not with the page. */
export const popupKit = lazyModule(() => import('./popupKit'));

/** A bottom sheet: a modal dialog sliding up from the bottom, closed by its mask or Escape. */
export function Sheet({ open, title, hideTitle = false, onClose, children }: SheetProps) {
  const titleId = useId();
  const kit = useLazyModule(popupKit, open);
  if (!kit) return null;
  return (
    <kit.Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName={s.body}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={hideTitle ? undefined : titleId}
        aria-label={hideTitle ? title : undefined}
        className={s.sheet}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        {!hideTitle && (
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
        )}
        {children}
      </div>
    </kit.Popup>
  );
}

export interface SheetAction {
  key: string;
  label: string;
  danger?: boolean;
  onSelect: () => void;
}

export interface ActionSheetProps {
  open: boolean;
  title: string;
  actions: readonly SheetAction[];
  cancelLabel: string;
  onClose: () => void;
  /** Shown above the actions (a message's quick reactions). */
  header?: ReactNode;
}

/** A list of actions (real buttons) and Cancel; choosing one closes the sheet first. */
export function ActionSheet({ open, title, actions, cancelLabel, onClose, header }: ActionSheetProps) {
  return (
    <Sheet open={open} title={title} hideTitle onClose={onClose}>
      {header}
      <ul className={s.actions}>
        {actions.map((action, index) => (
          <li key={action.key}>
            <button
              type="button"
              className={s.action}
              data-danger={action.danger || undefined}
              // The first action takes the focus, so keyboard and screen-reader users land in the sheet.
              autoFocus={index === 0}
              onClick={() => {
                onClose();
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={s.cancel} onClick={onClose}>
        {cancelLabel}
      </button>
    </Sheet>
  );
}
