/** Replaces every occurrence of each secret with a fixed marker. Empty and very short secrets are ignored. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    out = out.split(secret).join('[REDACTED]');
  }
  return out;
}
