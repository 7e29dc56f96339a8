/**
 * Waits until `check` holds (asked every `intervalMs`), or fails naming `what` after
 * `timeoutMs`: for conditions nothing announces (a process listening, a bus connected).
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 10_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
