import { useId, useState, type FormEvent } from 'react';
import { CascadePicker } from 'antd-mobile';
import type { Address } from '@paichat/protocol';
import { InfoList } from '../../components/InfoList';
import { useLeaveGuard } from '../../components/leaveGuard';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { EditorPage } from './EditorPage';
import { useRegionOptions, useRegionText } from './useRegions';
import { useSaveProfile } from './useSaveProfile';
import s from './profile.module.css';

type PickerValue = string | number | null;

/** The picker's columns (country, state or province, city) as an address; missing levels are ''. */
export function addressOf(value: readonly PickerValue[]): Address {
  const part = (index: number) => {
    const v = value[index];
    return v === null || v === undefined ? '' : String(v);
  };
  return { country: part(0), province: part(1), city: part(2) };
}

/** An address as the picker's value: its levels down to the first empty one. */
export function pickerValueOf(address: Address): string[] {
  const levels = [address.country, address.province, address.city];
  const end = levels.indexOf('');
  return end === -1 ? levels : levels.slice(0, end);
}

const sameAddress = (a: Address, b: Address) =>
  a.country === b.country && a.province === b.province && a.city === b.city;

function AddressForm({
  id,
  initial,
  save,
}: {
  id: string;
  initial: Address;
  save: ReturnType<typeof useSaveProfile>['save'];
}) {
  const t = useT();
  const nav = useNav();
  const options = useRegionOptions();
  const [address, setAddress] = useState<Address>(initial);
  const [picking, setPicking] = useState(false);
  const shown = useRegionText(address);

  const commit = () => {
    if (sameAddress(address, initial)) nav.navigateBack();
    else void save({ address });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  useLeaveGuard(!sameAddress(address, initial), commit);

  return (
    <form id={id} onSubmit={submit} noValidate>
      <InfoList
        rows={[
          {
            key: 'region',
            label: t('profile.region'),
            value: shown || t('profile.notSet'),
            busy: options.isPending,
            onPress: () => {
              if (options.data) setPicking(true);
              else if (options.isError) void options.refetch();
            },
          },
        ]}
      />
      <p className={s.note}>{t('profile.regionHint')}</p>
      <CascadePicker
        options={options.data ?? []}
        visible={picking}
        value={pickerValueOf(address)}
        title={t('profile.region')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={(value) => setAddress(addressOf(value))}
        onClose={() => setPicking(false)}
      />
    </form>
  );
}

/** Change Region: country, then state or province, then city, from the region list. */
export function EditAddressScreen() {
  const t = useT();
  const formId = useId();
  const { save, busy } = useSaveProfile();
  return (
    <EditorPage title={t('routes.editAddress')} formId={formId} busy={busy}>
      {(info) => <AddressForm id={formId} initial={info.address} save={save} />}
    </EditorPage>
  );
}
