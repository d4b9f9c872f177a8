import { isApiError } from '@falcon/api-client/lite';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * The upload flow both list kinds share: a file is chosen, the user confirms, it is sent; when the
 * server answers 409 upload_again_required (the same content was uploaded before) the user confirms
 * a second time ('again') and it is sent with again=true.
 */
export function useListUpload<T>(
  send: (file: File, again: boolean) => Promise<T>,
  onDone: (result: T) => void,
) {
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<'idle' | 'confirm' | 'again'>('idle');
  const [error, setError] = useState<unknown>(null);

  const upload = useMutation({
    mutationFn: ({ chosen, again }: { chosen: File; again: boolean }) => send(chosen, again),
    onMutate: () => setError(null),
    onSuccess: (result) => {
      setStep('idle');
      setFile(null);
      onDone(result);
    },
    onError: (failure, { again }) => {
      if (!again && isApiError(failure) && failure.key === 'upload_again_required') {
        setStep('again');
      } else {
        setStep('idle');
        setFile(null);
        setError(failure);
      }
    },
  });

  return {
    file,
    step,
    busy: upload.isPending,
    error,
    choose: (files: File[]) => {
      const [first] = files;
      if (!first) return;
      setError(null);
      setFile(first);
      setStep('confirm');
    },
    confirm: () => {
      if (file) upload.mutate({ chosen: file, again: step === 'again' });
    },
    cancel: () => {
      setStep('idle');
      setFile(null);
    },
  };
}

export const LIST_ACCEPT =
  '.csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
