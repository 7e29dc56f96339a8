/**
 * Our thin layer over antd-mobile's imperative pieces (Toast, Dialog) and its global setup, so
 * the UI kit can be swapped in one place.
 */
import type { CSSProperties } from 'react';
import type { Locale as UiLocale } from 'antd-mobile/es/locales/base';
import { TOAST_DURATION_MS } from '@paichat/protocol';
import type { Locale } from '../i18n/languages';
import { lazyModule } from './lazyModule';

/**
 * The UI kit's imperative half (./uiKit) is not on the first page's critical path: it loads
 * once the first screen has drawn (main.tsx), and a toast asked for before it arrived shows
 * once it has.
 */
export const uiKit = lazyModule(() => import('./uiKit'));
type UiKit = NonNullable<ReturnType<typeof uiKit.current>>;

function withKit(show: (loaded: UiKit) => void): void {
  const loaded = uiKit.current();
  if (loaded) show(loaded);
  else uiKit.load().then(show, () => undefined);
}

/**
 * Toast and Dialog render through React 19's createRoot (see ./uiKit). Resolves once that is
 * installed (loading the kit installs it: the app's `syncUiLocale` does); tests await it.
 */
export async function installReact19Render(): Promise<void> {
  await uiKit.load();
}

export interface ToastOptions {
  /** 'top' for server messages (spec 8): just below the page's header, never over its title. Centre otherwise. */
  position?: 'center' | 'top';
  /** 'alert' for failures (announced at once), 'status' for confirmations. */
  role?: 'alert' | 'status';
}

/** Where a page's header (title bar or brand heading) ends on screen, in px (0 without one). */
function headerBottom(): number {
  const header = document.querySelector('header');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

export function showToast(message: string, { position = 'center', role = 'alert' }: ToastOptions = {}): void {
  withKit(({ Toast }) =>
    Toast.show({
      content: <span role={role}>{message}</span>,
      position,
      duration: TOAST_DURATION_MS,
      // antd-mobile puts a top toast at 20% of the screen, over a title or heading there.
      ...(position === 'top'
        ? {
            maskClassName: 'app-toast-top',
            maskStyle: { '--app-toast-top': `${headerBottom()}px` } as CSSProperties,
          }
        : {}),
    }),
  );
}

export interface ConfirmOptions {
  title: string;
  content?: string;
  confirmText: string;
  cancelText: string;
  /** A destructive choice (delete, remove): the confirm button is red. */
  danger?: boolean;
}

/** Resolves true when the person confirms. */
export function confirmDialog({
  title,
  content,
  confirmText,
  cancelText,
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  // The kit's Dialog.confirm, with its buttons made here: its confirm button cannot be red.
  return uiKit.load().then(
    ({ Dialog }) =>
      new Promise<boolean>((resolve) => {
        Dialog.show({
          title,
          content,
          closeOnAction: true,
          onClose: () => resolve(false),
          actions: [
            [
              { key: 'cancel', text: cancelText, onClick: () => resolve(false) },
              { key: 'confirm', text: confirmText, bold: true, danger, onClick: () => resolve(true) },
            ],
          ],
        });
      }),
  );
}

/** antd-mobile's own texts (mask labels, pickers) in the interface language, where it has one. */
const UI_LOCALES: Record<Locale, () => Promise<{ default: UiLocale }>> = {
  en: () => import('antd-mobile/es/locales/en-US'),
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
  ko: () => import('antd-mobile/es/locales/ko-KR'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  hi: () => import('antd-mobile/es/locales/en-US'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vi: () => import('antd-mobile/es/locales/vi-VN'),
};

export async function syncUiLocale(locale: Locale): Promise<void> {
  const [{ default: uiLocale }, { setDefaultConfig }] = await Promise.all([
    UI_LOCALES[locale](),
    uiKit.load(),
  ]);
  setDefaultConfig({ locale: uiLocale });
}
