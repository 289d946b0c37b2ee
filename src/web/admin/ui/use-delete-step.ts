import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { type ToastOptions, toast } from '#web/lib/toast.ts';

/** A delete that is asked first: draw it as `<ConfirmDialog open={asking} pending onCancel onConfirm>`. */
export interface DeleteStep {
  asking: boolean;
  pending: boolean;
  ask: () => void;
  cancel: () => void;
  confirm: () => void;
}

export interface DeleteStepConfig<D> {
  remove: () => Promise<D>;
  /** The success toast, from what the server answered. */
  deletedToast: (result: D) => ToastOptions;
  /** The error toast's title when the error carries no message of the server's. */
  failedTitle: string;
  /** Makes the error toast from the standard one, where it offers more (a used promo code: "Deactivate"). */
  failedToast?: (error: unknown, standard: ToastOptions) => ToastOptions;
  /** After the success toast: refresh the lists, leave the record's page. */
  onDeleted: (result: D) => void;
}

/**
 * The confirm step of a delete (an editor page's, a row's): asked, confirmed or cancelled, pending
 * while it runs. Either way it ends, the step closes and a toast says how it went.
 */
export function useDeleteStep<D>(config: DeleteStepConfig<D>): DeleteStep {
  const [asking, setAsking] = useState(false);
  const removal = useMutation({
    mutationFn: config.remove,
    onSuccess: (result) => {
      setAsking(false);
      toast(config.deletedToast(result));
      config.onDeleted(result);
    },
    onError: (error) => {
      setAsking(false);
      const standard: ToastOptions = {
        variant: 'error',
        title: error instanceof ApiError ? error.message : config.failedTitle,
      };
      toast(config.failedToast ? config.failedToast(error, standard) : standard);
    },
  });
  return {
    asking,
    pending: removal.isPending,
    ask: () => setAsking(true),
    cancel: () => setAsking(false),
    confirm: () => removal.mutate(),
  };
}
