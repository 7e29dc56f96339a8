import { useEffect, useState } from 'react';
import { EnvironmentOutline, RightOutline, UserOutline } from 'antd-mobile-icons';
import { MOMENT_IMAGES_MAX, MOMENT_LOCATION_MAX, MOMENT_TEXT_MAX } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { usePostMoment } from '../../api/queries/moments';
import { useT } from '../../i18n';
import { showToast } from '../../lib/ui';
import { useNav } from '../../nav';
import { AudiencePage, type Audience } from './AudiencePage';
import { loadMomentDraft, saveMomentDraft, emptyDraft, type MomentDraft } from './momentDraft';
import { MediaPicker } from '../../components/media/MediaPicker';
import { useMediaPicks } from '../../components/media/useMediaPicks';
import s from './moments.module.css';

/**
 * Post to Moments: text, up to nine pictures or one video (uploaded as they are picked, each
 * tile showing its progress), a place, and who can see it. Post stays disabled while something
 * uploads or there is nothing to post; a post that fails keeps everything as it was (the draft
 * also survives leaving the page), one that goes out returns to the feed.
 */
export function PostMomentScreen() {
  const t = useT();
  const nav = useNav();
  const post = usePostMoment();
  const [draft, setDraft] = useState<MomentDraft>(loadMomentDraft);
  const [choosingAudience, setChoosingAudience] = useState(false);
  const change = (patch: Partial<MomentDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const picks = useMediaPicks(
    draft.media,
    (item) => setDraft((current) => ({ ...current, media: [...current.media, item] })),
    { max: MOMENT_IMAGES_MAX, video: true },
  );

  useEffect(() => saveMomentDraft(draft), [draft]);

  const empty = !draft.text.trim() && draft.media.length === 0;
  const submit = async () => {
    if (empty || picks.uploading || post.isPending) return;
    const video = draft.media.find((item) => item.kind === 'video');
    try {
      await post.mutateAsync({
        text: draft.text,
        images: draft.media.filter((item) => item.kind === 'image').map((item) => item.url),
        ...(video ? { video: video.url } : {}),
        location: draft.location,
        visibility: draft.visibility,
        userIds: draft.userIds,
      });
    } catch {
      // The request function has said why; the draft stays as it is.
      return;
    }
    saveMomentDraft(emptyDraft);
    showToast(t('moments.posted'), { role: 'status' });
    nav.navigateBack();
  };

  if (choosingAudience) {
    return (
      <AudiencePage
        value={{ visibility: draft.visibility, userIds: draft.userIds }}
        onCancel={() => setChoosingAudience(false)}
        onDone={(audience: Audience) => {
          change(audience);
          setChoosingAudience(false);
        }}
      />
    );
  }

  const audienceLabel = t(`moments.audience.${draft.visibility}`);
  const audienceCount =
    draft.visibility === 'INCLUDE' || draft.visibility === 'EXCLUDE'
      ? t('moments.audience.count', { count: draft.userIds.length })
      : '';

  return (
    <Page
      title={t('routes.postMoment')}
      headerRight={
        <button
          type="button"
          className={s.primary}
          disabled={empty || picks.uploading || post.isPending}
          onClick={() => void submit()}
        >
          {t('moments.post')}
        </button>
      }
    >
      <div className={s.compose}>
        <textarea
          className={s.composeText}
          value={draft.text}
          maxLength={MOMENT_TEXT_MAX}
          rows={5}
          placeholder={t('moments.textPlaceholder')}
          aria-label={t('moments.textPlaceholder')}
          onChange={(event) => change({ text: event.target.value })}
        />
        <MediaPicker
          picks={picks}
          media={draft.media}
          onRemove={(item) => change({ media: draft.media.filter((m) => m !== item) })}
          label={t('moments.media')}
          addLabel={t('moments.addMedia')}
        />
      </div>
      <div className={s.options}>
        <label className={s.option}>
          <EnvironmentOutline aria-hidden />
          <input
            className={s.optionInput}
            value={draft.location}
            maxLength={MOMENT_LOCATION_MAX}
            placeholder={t('moments.location')}
            aria-label={t('moments.location')}
            onChange={(event) => change({ location: event.target.value })}
          />
        </label>
        <button type="button" className={s.option} onClick={() => setChoosingAudience(true)}>
          <UserOutline aria-hidden />
          <span className={s.optionName}>{t('moments.audience.title')}</span>
          <span className={s.optionValue}>
            {audienceLabel}
            {audienceCount && ` · ${audienceCount}`}
          </span>
          <RightOutline aria-hidden />
        </button>
      </div>
    </Page>
  );
}
