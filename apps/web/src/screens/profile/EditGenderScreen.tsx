import { useId, useState, type FormEvent } from 'react';
import type { Gender } from '@paichat/protocol';
import { useLeaveGuard } from '../../components/leaveGuard';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { EditorPage } from './EditorPage';
import { GENDER_LABEL, GENDERS } from './genders';
import { useSaveProfile } from './useSaveProfile';
import s from './profile.module.css';

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
  const [gender, setGender] = useState<Gender>(initial);

  const commit = () => {
    if (gender === initial) nav.navigateBack();
    else void save({ gender });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  useLeaveGuard(gender !== initial, commit);

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
              onChange={() => setGender(value)}
            />
          </label>
        ))}
      </fieldset>
    </form>
  );
}

/**
 * Change Gender: male, female or unknown, the current one chosen. An account that never chose
 * has 'unknown', so Unknown starts chosen, as Personal Info says: one is always selected (spec 5).
 */
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
