import { useId, useRef, useState, type FormEvent } from 'react';
import { INTRO_MAX } from '@paichat/protocol';
import { useDict } from '../../api/queries/dict';
import { useLeaveGuard } from '../../components/leaveGuard';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { check } from '../../lib/checker';
import { EditorPage } from './EditorPage';
import { FormError } from './FormError';
import { introRules } from './rules';
import { useSaveProfile } from './useSaveProfile';
import s from './profile.module.css';

/** Suggested signatures (the `user_intro_suggest` dictionary, in the interface language). */
function Suggestions({ onPick }: { onPick: (text: string) => void }) {
  const t = useT();
  const headingId = useId();
  const suggestions = useDict('user_intro_suggest');
  const items = suggestions.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className={s.suggestions} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.sectionTitle}>
        {t('profile.suggestions')}
      </h2>
      <ul className={s.chips}>
        {items.map((item) => (
          <li key={item.dictValue}>
            <button type="button" className={s.chip} onClick={() => onPick(item.dictLabel)}>
              {item.dictLabel}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function IntroForm({
  id,
  initial,
  save,
}: {
  id: string;
  initial: string;
  save: ReturnType<typeof useSaveProfile>['save'];
}) {
  const t = useT();
  const nav = useNav();
  const fieldId = useId();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    const intro = value.trim();
    const failure = check({ intro }, introRules(t));
    setError(failure?.message ?? null);
    if (failure) return;
    if (intro === initial) nav.navigateBack();
    else void save({ intro });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  useLeaveGuard(value.trim() !== initial, commit);

  const pick = (text: string) => {
    setValue(text.slice(0, INTRO_MAX));
    setError(null);
    textArea.current?.focus();
  };

  return (
    <form id={id} className={s.form} onSubmit={submit} noValidate>
      <div className={s.field}>
        <label className={s.label} htmlFor={fieldId}>
          {t('profile.bio')}
        </label>
        <textarea
          ref={textArea}
          id={fieldId}
          className={s.textarea}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={t('profile.bioPlaceholder')}
          maxLength={INTRO_MAX}
          rows={3}
          aria-describedby={`${fieldId}-count`}
        />
        <span id={`${fieldId}-count`} className={s.counter}>
          <span aria-hidden>{t('profile.bioCount', { length: value.length, max: INTRO_MAX })}</span>
          <span className="visually-hidden">
            {t('profile.bioCountLabel', { length: value.length, max: INTRO_MAX })}
          </span>
        </span>
      </div>
      <FormError message={error} />
      <Suggestions onPick={pick} />
    </form>
  );
}

/** Change Bio: a short signature with a counter, and suggestions that fill the field. */
export function EditIntroScreen() {
  const t = useT();
  const formId = useId();
  const { save, busy } = useSaveProfile();
  return (
    <EditorPage title={t('routes.editIntro')} formId={formId} busy={busy}>
      {(info) => <IntroForm id={formId} initial={info.intro} save={save} />}
    </EditorPage>
  );
}
