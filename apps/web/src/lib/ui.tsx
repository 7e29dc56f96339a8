/**
 * Our thin layer over antd-mobile's imperative pieces (Toast, Dialog) and its global setup, so
 * the UI kit can be swapped in one place.
 */
import { Dialog, setDefaultConfig, Toast, unstableSetRender } from 'antd-mobile';
import type { Locale as UiLocale } from 'antd-mobile/es/locales/base';
// antd-mobile's own default locale, always in its bundle anyway.
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { createRoot, type Root } from 'react-dom/client';
import { TOAST_DURATION_MS } from '@paichat/protocol';
import type { Locale } from '../i18n/languages';

/**
 * antd-mobile 5 mounts Toast and Dialog with ReactDOM.render, which React 19 removed: without
 * this, no toast shows and the production build throws. Render them through createRoot instead
 * (antd's React 19 guide); unmount on the next tick so a closing animation can finish.
 */
export function installReact19Render(): void {
  const roots = new WeakMap<Element | DocumentFragment, Root>();
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    const mounted = root;
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      mounted.unmount();
      roots.delete(container);
    };
  });
}

export interface ToastOptions {
  /** 'top' for server messages (spec 8), centre otherwise. */
  position?: 'center' | 'top';
  /** 'alert' for failures (announced at once), 'status' for confirmations. */
  role?: 'alert' | 'status';
}

export function showToast(message: string, { position = 'center', role = 'alert' }: ToastOptions = {}): void {
  Toast.show({
    content: <span role={role}>{message}</span>,
    position,
    duration: TOAST_DURATION_MS,
  });
}

export interface ConfirmOptions {
  title: string;
  content?: string;
  confirmText: string;
  cancelText: string;
}

/** Resolves true when the person confirms. */
export function confirmDialog({ title, content, confirmText, cancelText }: ConfirmOptions): Promise<boolean> {
  return Dialog.confirm({ title, content, confirmText, cancelText });
}

/** antd-mobile's own texts (mask labels, pickers) in the interface language, where it has one. */
const UI_LOCALES: Record<Locale, () => Promise<{ default: UiLocale }>> = {
  en: () => import('antd-mobile/es/locales/en-US'),
  zh: () => Promise.resolve({ default: zhCN }),
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
  const { default: uiLocale } = await UI_LOCALES[locale]();
  setDefaultConfig({ locale: uiLocale });
}
