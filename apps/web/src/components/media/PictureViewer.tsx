import { useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../i18n';
import { lazyModule, useLazyModule } from '../../lib/lazyModule';
import { saveBlob } from '../../lib/saveBlob';
import { showToast } from '../../lib/ui';
import s from './PictureViewer.module.css';

/** antd-mobile's viewer: loaded when a picture is first opened, not with the page. */
export const imageViewerKit = lazyModule(() => import('./imageViewerKit'));

/** Downloads a stored picture as a file (files are served to signed-in users by cookie). */
async function savePicture(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  saveBlob(await response.blob(), url.slice(url.lastIndexOf('/') + 1));
}

/**
 * A picture as large as the screen lets it be, a small one scaled up too (the viewer's own
 * image keeps its pixel size); the box is the picture's, so pinch and pan bounds stay on it.
 */
function FittedPicture({ src, pictureRef }: { src: string; pictureRef: RefObject<HTMLImageElement> }) {
  const [ratio, setRatio] = useState<number | null>(null);
  return (
    <img
      ref={pictureRef}
      className={s.picture}
      src={src}
      alt=""
      draggable={false}
      style={ratio ? { width: `min(100vw, ${ratio * 100}vh)` } : undefined}
      onLoad={({ currentTarget: { naturalWidth, naturalHeight } }) => {
        if (naturalWidth > 0 && naturalHeight > 0) setRatio(naturalWidth / naturalHeight);
      }}
    />
  );
}

export interface PictureViewerProps {
  pictures: readonly string[];
  /** The one shown first. */
  index: number;
  onClose: () => void;
}

/**
 * Pictures full screen on black (antd-mobile's viewer): pinch or double-tap to zoom, swipe to
 * the next, tap to close; Save downloads the one shown. Mount it to open it; it calls
 * `onClose` once it has closed.
 */
export function PictureViewer({ pictures, index, onClose }: PictureViewerProps) {
  const t = useT();
  const kit = useLazyModule(imageViewerKit);
  const [shown, setShown] = useState(index);
  // Closing lets the viewer fade out and finish its animations before `onClose` unmounts it
  // (cut off mid-spring, it stalled the springs of sheets opened later).
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);

  const save = async () => {
    const url = pictures[shown];
    if (!url) return;
    try {
      await savePicture(url);
      showToast(t('profile.qr.saved'), { role: 'status' });
    } catch {
      showToast(t('profile.qr.saveFailed'));
    }
  };

  if (!kit) return null;
  return (
    <>
      <kit.ImageViewer.Multi
        images={[...pictures]}
        defaultIndex={index}
        visible={open}
        onIndexChange={setShown}
        onClose={close}
        afterClose={onClose}
        classNames={{ body: s.body }}
        imageRender={(src, { ref }) => <FittedPicture src={src} pictureRef={ref} />}
      />
      {/*
        antd-mobile hides its viewer from assistive technology (its mask is aria-hidden), so the
        viewer's actions live in a dialog of their own, laid over the viewer's bottom edge.
      */}
      {open &&
        createPortal(
          <div
            role="dialog"
            aria-label={t('chatWindow.image')}
            className={s.footer}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              // Only the viewer: a sheet it was opened from stays (React events cross the portal).
              event.stopPropagation();
              close();
            }}
          >
            <button type="button" className={s.button} autoFocus onClick={() => void save()}>
              {t('chatWindow.save')}
            </button>
            <button type="button" className={s.button} onClick={close}>
              {t('chatWindow.close')}
            </button>
          </div>,
          document.body,
        )}
    </>
  );
}
