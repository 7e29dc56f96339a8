import { useState } from 'react';
import { useUpdateMyInfo } from '../../api/queries/updateMyInfo';
import { uploadFailureMessage, uploadFile } from '../../api/upload';
import { showToast } from '../../lib/ui';
import { useT } from '../../i18n';

export type AvatarUploadState = 'idle' | 'uploading' | 'saving';

/**
 * A new profile photo: upload the image (`purpose=avatar`, the server makes it square), then
 * make it the portrait. An upload failure is toasted with spec 8's text or the server's reason.
 */
export function useAvatarUpload() {
  const t = useT();
  const update = useUpdateMyInfo();
  const [state, setState] = useState<AvatarUploadState>('idle');

  const upload = async (file: File): Promise<void> => {
    if (state !== 'idle') return;
    if (file.type && !file.type.startsWith('image/')) {
      showToast(t('errors.fileTypeNotAllowed'));
      return;
    }
    setState('uploading');
    try {
      let url: string;
      try {
        url = (await uploadFile(file, { purpose: 'avatar' })).url;
      } catch (error) {
        const message = uploadFailureMessage(error);
        if (message) showToast(message);
        return;
      }
      setState('saving');
      try {
        await update.mutateAsync({ portrait: url });
      } catch {
        // Toasted by the request function.
        return;
      }
      showToast(t('profile.avatarUpdated'), { role: 'status' });
    } finally {
      setState('idle');
    }
  };

  return { upload, state };
}
