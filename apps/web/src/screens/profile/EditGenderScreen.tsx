import { useId, useState, type FormEvent } from 'react';
import type { Gender } from '@paichat/protocol';
import { useLeaveGuard } from '../../components/leaveGuard';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { check } from '../../lib/checker';
import { EditorPage } from './EditorPage';
import { FormError } from './FormError';
import { GENDER_LABEL, GENDERS } from './genders';
import { genderRules } from './rules';
import { useSaveProfile } from './useSaveProfile';
import s from './profile.module.css';

/**
 * 'unknown' is also what an account that never chose has, so it starts unselected: the person
 * picks, and saving without a pick says "Gender needs a selection" (spec 5).
 */
export const initialGender = (gender: Gender): Gender | '' => (gender === 'unknown' ? '' : gender);

function GenderForm({
  id,
  initial,
  save,
}: {
  id: string;
  initial: Gender;
  save: ReturnType<typeof useSaveProfile>['save'];
}) {
  const t = useT();
  const nav = useNav();
  const [gender, setGender] = useState<Gender | ''>(initialGender(initial));
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    const failure = check({ gender }, genderRules(t));
    setError(failure?.message ?? null);
    if (failure || gender === '') return;
    if (gender === initial) nav.navigateBack();
    else void save({ gender });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  useLeaveGuard(gender !== initialGender(initial), commit);

  return (
    <form id={id} onSubmit={submit} noValidate>
      <fieldset className={s.choices}>
        <legend className="visually-hidden">{t('profile.gender')}</legend>
        {GENDERS.map((value) => (
          <label key={value} className={s.choice}>
            <span className={s.choiceLabel}>{t(GENDER_LABEL[value])}</span>
            <input
              type="radio"
              name="gender"
              className={s.radio}
              value={value}
              checked={gender === value}
              onChange={() => {
                setGender(value);
                setError(null);
              }}
            />
          </label>
        ))}
      </fieldset>
      <div className={s.formBelow}>
        <FormError message={error} />
      </div>
    </form>
  );
}

/** Change Gender: male, female or unknown; one must be chosen. */
export function EditGenderScreen() {
  const t = useT();
  const formId = useId();
  const { save, busy } = useSaveProfile();
  return (
    <EditorPage title={t('routes.editGender')} formId={formId} busy={busy}>
      {(info) => <GenderForm id={formId} initial={info.gender} save={save} />}
    </EditorPage>
  );
}
