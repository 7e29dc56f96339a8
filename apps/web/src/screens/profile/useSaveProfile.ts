import { useUpdateMyInfo, type ProfileChanges } from '../../api/queries/updateMyInfo';
import { useNav } from '../../nav';

/** Saves profile changes, then goes back; a failure stays here (the request toasted it). */
export function useSaveProfile() {
  const nav = useNav();
  const mutation = useUpdateMyInfo();
  const save = async (changes: ProfileChanges): Promise<void> => {
    if (mutation.isPending) return;
    try {
      await mutation.mutateAsync(changes);
    } catch {
      return;
    }
    nav.navigateBack();
  };
  return { save, busy: mutation.isPending };
}
