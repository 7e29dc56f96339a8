import { z } from 'zod';
import { endpoint } from './endpoint';
import { FileUrl } from './messages';
import { text } from './text';

/**
 * Feedback (spec 1, 3, 5): a signed-in person's text (required) with up to
 * FEEDBACK_IMAGES_MAX of their own uploaded pictures. The server keeps it with the sender and
 * the app version and device their request named (the `version` and `device` headers every
 * request carries, checked like the body's text), for the operators to read
 * (`npm run feedback -w apps/server`).
 */

/** A feedback's text is at most this many characters. */
export const FEEDBACK_TEXT_MAX = 1_000;
/** A feedback carries at most this many pictures. */
export const FEEDBACK_IMAGES_MAX = 4;
/** Spec 5's message for a missing text. */
export const FEEDBACK_TEXT_REQUIRED = 'Feedback text is required';

/** The `version` and `device` headers are at most this many characters (`1.2.2`, `H5`). */
export const CLIENT_HEADER_MAX = 32;

/** The headers feedback keeps, by the rules of a body's text; absent, they are ''. */
export const FeedbackHeaders = z.looseObject({
  version: text(CLIENT_HEADER_MAX).default(''),
  device: text(CLIENT_HEADER_MAX).default(''),
});

export const submitFeedback = endpoint({
  method: 'POST',
  path: '/feedback/submit',
  headers: FeedbackHeaders,
  request: z.object({
    text: text(FEEDBACK_TEXT_MAX, { multiline: true, trim: true }).min(1, FEEDBACK_TEXT_REQUIRED),
    images: z.array(FileUrl).max(FEEDBACK_IMAGES_MAX, `at most ${FEEDBACK_IMAGES_MAX} images`).default([]),
  }),
  response: z.object({ feedbackId: z.string() }),
  auth: true,
  summary: 'Send feedback to the operators',
});
