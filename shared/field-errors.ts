/**
 * One message per field from a failed validation (the first issue of each field wins; '_' for the whole
 * input). Apart from the schemas and free of zod, so a form can show errors without loading zod first.
 */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
