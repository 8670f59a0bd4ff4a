/**
 * Stands in for `@react-email/render`, which the Resend SDK imports only to render React mail bodies. Our mails are
 * text and HTML strings, so it is never called; the alias (wrangler.toml) keeps the bundle free of an unresolvable
 * import that the runtime would refuse.
 */
export function render(): never {
  throw new Error('React mail bodies are not used: send text and html');
}
