/**
 * llm-do names models as PydanticAI does: Gemini is `google-gla:` (AI Studio)
 * or `google-vertex:` (Vertex AI), where Workerbench has one `google:`
 * provider. llm-do files are opened unchanged, so both spellings are read as
 * Workerbench's; globs are compared lower-cased, like llm-do's fnmatch.
 */
const PROVIDER_ALIASES: Record<string, string> = {
  'google-gla': 'google',
  'google-vertex': 'google',
};

/** `google-gla:gemini-2.5-flash` → `google:gemini-2.5-flash`; other ids unchanged. */
export function canonicalModelId(id: string): string {
  const colon = id.indexOf(':');
  if (colon === -1) return id;
  const provider = id.slice(0, colon);
  const alias = Object.hasOwn(PROVIDER_ALIASES, provider) ? PROVIDER_ALIASES[provider] : undefined;
  return alias === undefined ? id : `${alias}${id.slice(colon)}`;
}

/** A `compatible_models` glob in the form it is matched in. */
export function canonicalModelGlob(glob: string): string {
  return canonicalModelId(glob.trim().toLowerCase());
}
