import { useState } from 'react';
import { Switch } from '../../components/Switch';
import { useT } from '../../i18n';
import { linkPreviewsOn, setLinkPreviews } from '../../store/linkPreviewSetting';
import s from './LinkPreviewSetting.module.css';

/** Settings' chat switch: whether links in the texts one writes get a preview card. */
export function LinkPreviewSetting() {
  const t = useT();
  const [on, setOn] = useState(linkPreviewsOn);
  return (
    <div className={s.section}>
      <Switch
        label={t('settings.linkPreviews')}
        checked={on}
        onChange={(next) => {
          setLinkPreviews(next);
          setOn(next);
        }}
      />
      <p className={s.note}>{t('settings.linkPreviewsHint')}</p>
    </div>
  );
}
