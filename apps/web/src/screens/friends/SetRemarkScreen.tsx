import { useId, useState, type FormEvent } from 'react';
import { CloseOutline } from 'antd-mobile-icons';
import { REMARK_MAX, TAGS_MAX, TAG_MAX, type PersonView } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { NoWayOn } from '../../components/NoWayOn';
import { LeaveGuard } from '../../components/leaveGuard';
import { TextField } from '../../components/TextField';
import { useSetRemark } from '../../api/queries/setRemark';
import { useFriendInfo } from '../../api/queries/friendInfo';
import { check, type RuleSet } from '../../lib/checker';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { useUserIdParam } from './PersonLoader';
import s from './friends.module.css';

/** Spec 5: "a remark needs content". */
export const remarkRules = (message: string): RuleSet => ({
  remark: { message, rules: [{ type: 'required' }] },
});

/** Tags to save: trimmed, without empties or repeats, at most the protocol's limits. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const clean = tag.trim().slice(0, TAG_MAX);
    if (clean) seen.add(clean);
  }
  return [...seen].slice(0, TAGS_MAX);
}

/** Set Remark: the name the viewer lists a friend under (required) and their tags; Done saves. */
export function SetRemarkScreen() {
  const t = useT();
  const nav = useNav();
  const userId = useUserIdParam();
  const info = useFriendInfo(userId);
  const save = useSetRemark();
  const formId = useId();

  // The saved values until the person edits them.
  const [remark, setRemark] = useState<string | null>(null);
  const [tags, setTags] = useState<string[] | null>(null);
  const [tagDraft, setTagDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [tagError, setTagError] = useState<string | null>(null);
  const person: PersonView | undefined = info.data;
  const remarkValue = remark ?? person?.remark ?? '';
  const tagsValue = tags ?? person?.tags ?? [];
  const full = tagsValue.length >= TAGS_MAX;
  const dirty =
    !!person &&
    (remarkValue.trim() !== person.remark || cleanTags(tagsValue).join('\n') !== person.tags.join('\n'));

  const addTag = () => {
    const tag = tagDraft.trim();
    if (!tag) return;
    if (full) {
      setTagError(t('friends.tagsLimit', { max: TAGS_MAX }));
      return;
    }
    if (tagsValue.includes(tag)) {
      setTagError(t('friends.tagExists'));
      return;
    }
    setTags([...tagsValue, tag]);
    setTagDraft('');
    setTagError(null);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending || !userId) return;
    const failure = check({ remark: remarkValue }, remarkRules(t('common.fillContent')));
    setError(failure?.message ?? null);
    if (failure) return;
    try {
      await save.mutateAsync({ userId, remark: remarkValue.trim(), tags: cleanTags(tagsValue) });
      nav.navigateBack();
    } catch {
      // The request function has shown why (e.g. not friends any more).
    }
  };

  if (!userId || (info.isError && !person))
    return (
      <Page title={t('routes.setRemark')}>
        <NoWayOn title={t('friends.loadFailed')} onRetry={userId ? () => void info.refetch() : undefined} />
      </Page>
    );

  return (
    <Page
      title={t('routes.setRemark')}
      headerRight={
        <button
          type="submit"
          form={formId}
          className={s.done}
          disabled={save.isPending || !person}
          aria-busy={save.isPending}
        >
          {t('friends.done')}
        </button>
      }
    >
      <LeaveGuard dirty={dirty} save={() => void submit()} />
      <form id={formId} className={s.form} onSubmit={submit} noValidate>
        <TextField
          label={t('friends.remark')}
          placeholder={person?.nickName}
          value={remarkValue}
          onValueChange={(value) => {
            setRemark(value);
            setError(null);
          }}
          maxLength={REMARK_MAX}
          aria-invalid={error ? true : undefined}
        />
        {error && (
          <p className={s.error} role="alert">
            {error}
          </p>
        )}
        <fieldset className={s.tagsField}>
          <legend className={s.fieldLabel}>{t('friends.tags')}</legend>
          {tagsValue.length > 0 && (
            <ul className={s.tagList}>
              {tagsValue.map((tag) => (
                <li key={tag} className={s.tag}>
                  <span>{tag}</span>
                  <button
                    type="button"
                    className={s.tagRemove}
                    aria-label={t('friends.removeTag', { tag })}
                    onClick={() => {
                      setTags(tagsValue.filter((other) => other !== tag));
                      setTagError(null);
                    }}
                  >
                    <CloseOutline aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className={s.tagAdd}>
            <TextField
              label={t('friends.newTag')}
              placeholder={t('friends.tagPlaceholder', { max: TAG_MAX })}
              value={tagDraft}
              onValueChange={(value) => {
                setTagDraft(value);
                setTagError(null);
              }}
              onKeyDown={(event) => {
                // Enter adds the tag; it does not submit the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addTag();
                }
              }}
              maxLength={TAG_MAX}
              disabled={full}
            />
            <button
              type="button"
              className={s.secondary}
              onClick={addTag}
              disabled={full || !tagDraft.trim()}
            >
              {t('friends.addTag')}
            </button>
          </div>
          {(tagError || full) && (
            <p className={tagError ? s.error : s.note} role={tagError ? 'alert' : undefined}>
              {tagError ?? t('friends.tagsLimit', { max: TAGS_MAX })}
            </p>
          )}
        </fieldset>
      </form>
    </Page>
  );
}
