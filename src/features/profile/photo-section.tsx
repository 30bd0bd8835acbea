// A teacher's profile photo: what students see on cards, the teacher page and requests. A
// chosen image is sent at once; the server checks it, crops it square and re-encodes it, and the
// avatar shows the result. Without a photo the initials stand in. Field errors (type, size) from the
// server show under the button.
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar } from '../../domain/avatar';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { HiddenFilePicker } from '../../ui/file-input';
import { toast } from '../../ui/toast-store';
import { photoChanged, removePhoto, uploadPhoto, type ProfileDetails } from '../../api/profile';

const ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

export function PhotoSection({ profile }: { profile: ProfileDetails }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const done = (message: string) => {
    setProblem(null);
    toast.show({ severity: 'success', summary: message });
    // Cards and request lists show the photo too.
    photoChanged(queryClient);
  };
  const failed = (error: unknown) => {
    const field = isApiError(error) ? error.fieldErrors?.photo?.[0] : undefined;
    setProblem(field ?? (isApiError(error) ? error.message : t`The photo could not be saved. Please try again.`));
  };
  const upload = useMutation({ mutationFn: (file: File) => uploadPhoto(file), onSuccess: (r) => done(r.message), onError: failed });
  const remove = useMutation({ mutationFn: () => removePhoto(), onSuccess: done, onError: failed });
  const busy = upload.isPending || remove.isPending;

  return (
    <section className="profile-card profile-photo" aria-labelledby="profile-photo-title">
      <h2 id="profile-photo-title">
        <Trans>Your photo</Trans>
      </h2>
      <div className="profile-photo-row">
        <Avatar person={profile} size="large" />
        <div className="profile-photo-actions">
          <p className="muted" id="profile-photo-hint">
            <Trans>Students see it on your card and your requests. A JPEG, PNG or WebP image up to 5 MB; it is cropped to a square.</Trans>
          </p>
          <HiddenFilePicker ref={input} accept={ACCEPT} data-testid="photo-input" onFile={(file) => upload.mutate(file)} />
          <Button
            variant="secondary"
            disabled={busy}
            aria-describedby="profile-photo-hint profile-photo-error"
            onClick={() => input.current?.click()}
          >
            {profile.photo ? <Trans>Change photo</Trans> : <Trans>Add a photo</Trans>}
          </Button>
          {profile.photo ? (
            <Button variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
              <Trans>Remove photo</Trans>
            </Button>
          ) : null}
          <p id="profile-photo-error" className="field-error" role={problem ? 'alert' : undefined}>
            {problem}
          </p>
        </div>
      </div>
    </section>
  );
}
