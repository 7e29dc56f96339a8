import { useMutation } from '@tanstack/react-query';
import { submitFeedback, type RequestOf } from '@paichat/protocol';
import { call } from '../request';

/** Sends a feedback to the operators (`POST /feedback/submit`). */
export function useSubmitFeedback() {
  return useMutation({
    mutationFn: (feedback: RequestOf<typeof submitFeedback>) => call(submitFeedback, feedback),
  });
}
