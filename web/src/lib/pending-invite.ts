/**
 * An invitation link opened before signing in (features/farms/invite-page.tsx): its token is kept in this browser
 * so that signing in — or registering, which ends on the sign-in page, possibly in another tab opened from the
 * verification mail — lands back on the invitation instead of the home screen (features/accounts safeRedirect).
 * Forgotten once the invitation is shown signed in, and after the 7 days an invitation lasts.
 */
const INVITE_KEY = 'ushicho.invite';
const KEEP_MS = 7 * 86_400_000;

export function rememberInvite(token: string) {
  try {
    localStorage.setItem(INVITE_KEY, JSON.stringify({ token, savedAt: Date.now() }));
  } catch {
    /* private mode: the link in the mail still works */
  }
}

export function forgetInvite() {
  try {
    localStorage.removeItem(INVITE_KEY);
  } catch {
    /* nothing kept */
  }
}

/** `/invite?token=…` of the invitation kept in this browser, or null. */
export function pendingInvitePath(): string | null {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(INVITE_KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null || !('token' in kept) || !('savedAt' in kept)) return null;
    const { token, savedAt } = kept;
    if (typeof token !== 'string' || !token || typeof savedAt !== 'number') return null;
    if (Date.now() - savedAt > KEEP_MS) return null;
    return `/invite?${new URLSearchParams({ token })}`;
  } catch {
    return null;
  }
}
