/**
 * A tiny glob matcher, enough for project-relative paths ("input/*.pdf",
 * "reports/**\/*.md") and model ids ("anthropic:*", "openai:gpt-4.1*").
 * Supported: `*` (any run of characters except "/"), `**` (anything, across
 * "/"; `**\/` also matches no directory at all), `?` (one character except "/").
 * Everything else is literal. Model ids use `matchesWildcard`, where `*` also
 * crosses "/" because ids like "ollama:library/llama3" are not paths.
 *
 * Patterns come from models (list_files), so matching must not backtrack: a
 * regular expression for "*a*a*a…b" takes exponential time and would freeze
 * the page running the loop. The pattern is run as a small automaton instead,
 * in time proportional to path length × pattern length.
 */
type Token =
  | { kind: 'literal'; character: string }
  /** `?`: one character (not "/" for paths). */
  | { kind: 'one' }
  /** `*`: any run (of non-"/" characters for paths). */
  | { kind: 'run' }
  /** `**` in a path: any run, across "/". */
  | { kind: 'any' }
  /** `**\/` in a path: nothing, or any run that ends with "/". */
  | { kind: 'folders' };

function tokenize(pattern: string, slashIsSeparator: boolean): Token[] {
  const tokens: Token[] = [];
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index]!;
    if (character === '*') {
      if (pattern[index + 1] === '*' && slashIsSeparator) {
        index += 1;
        if (pattern[index + 1] === '/') {
          index += 1;
          tokens.push({ kind: 'folders' });
        } else {
          tokens.push({ kind: 'any' });
        }
      } else {
        tokens.push(slashIsSeparator ? { kind: 'run' } : { kind: 'any' });
      }
    } else if (character === '?') {
      tokens.push({ kind: 'one' });
    } else {
      tokens.push({ kind: 'literal', character });
    }
  }
  return tokens;
}

function matchTokens(value: string, tokens: readonly Token[], slashIsSeparator: boolean): boolean {
  const end = tokens.length;
  /** Adds a state and every state reachable from it without consuming a character. */
  const close = (states: Set<number>, start: number) => {
    for (let state = start; state <= end && !states.has(state); state += 1) {
      states.add(state);
      const kind = tokens[state]?.kind;
      if (kind !== 'run' && kind !== 'any' && kind !== 'folders') break;
    }
  };
  let current = new Set<number>();
  close(current, 0);
  for (const character of value) {
    const next = new Set<number>();
    const isSeparator = slashIsSeparator && character === '/';
    for (const state of current) {
      const token = tokens[state];
      if (token === undefined) continue;
      switch (token.kind) {
        case 'literal':
          if (token.character === character) close(next, state + 1);
          break;
        case 'one':
          if (!isSeparator) close(next, state + 1);
          break;
        case 'run':
          if (!isSeparator) close(next, state);
          break;
        case 'any':
          close(next, state);
          break;
        case 'folders':
          close(next, state);
          if (character === '/') close(next, state + 1);
          break;
      }
    }
    if (next.size === 0) return false;
    current = next;
  }
  return current.has(end);
}

/** Matches a project-relative path ("input/deck.pdf") against a path glob. */
export function matchesPathGlob(path: string, pattern: string): boolean {
  return matchTokens(path, tokenize(pattern, true), true);
}

/** Matches a model id against a wildcard where `*` matches anything. */
export function matchesWildcard(value: string, pattern: string): boolean {
  return matchTokens(value, tokenize(pattern, false), false);
}
