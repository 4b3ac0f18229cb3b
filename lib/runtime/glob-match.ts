/**
 * A tiny glob matcher, enough for project-relative paths ("input/*.pdf",
 * "reports/**\/*.md") and model ids ("anthropic:*", "openai:gpt-4.1*").
 * Supported: `*` (any run of characters except "/"), `**` (anything, across
 * "/"; `**\/` also matches no directory at all), `?` (one character except "/").
 * Everything else is literal. Model ids use `matchesWildcard`, where `*` also
 * crosses "/" because ids like "ollama:library/llama3" are not paths.
 */
export function globToRegExp(pattern: string, options: { slashIsSeparator: boolean }): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index]!;
    if (character === '*') {
      if (pattern[index + 1] === '*' && options.slashIsSeparator) {
        index += 1;
        if (pattern[index + 1] === '/') {
          index += 1;
          source += '(?:.*/)?';
        } else {
          source += '.*';
        }
      } else {
        source += options.slashIsSeparator ? '[^/]*' : '.*';
      }
    } else if (character === '?') {
      source += options.slashIsSeparator ? '[^/]' : '.';
    } else {
      source += character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`, 's');
}

/** Matches a project-relative path ("input/deck.pdf") against a path glob. */
export function matchesPathGlob(path: string, pattern: string): boolean {
  return globToRegExp(pattern, { slashIsSeparator: true }).test(path);
}

/** Matches a model id against a wildcard where `*` matches anything. */
export function matchesWildcard(value: string, pattern: string): boolean {
  return globToRegExp(pattern, { slashIsSeparator: false }).test(value);
}
