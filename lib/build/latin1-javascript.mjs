import { parse } from 'acorn';

/**
 * Rewrites a script of the build so that it has no character above U+00FF, each written as the
 * escape that means the same thing where it stands. Plain JavaScript: the post-build step
 * (scripts/latin1-scripts.mjs) runs it with Node as it is.
 *
 * Why: Chromium keeps a script's text as one byte per character when every character fits in
 * Latin-1, and as two when a single one does not. One "…" in a 2.4 MB chunk doubles the memory its
 * text takes, and Blink's memory cache keeps the page's scripts only up to a total size (15 MB,
 * with the code V8 caches beside them): with every chunk the IDE loads two bytes wide, the first
 * ones the page loads (the scripts its tree waits for) had dropped out of it by a person's third
 * load, and came from the disk cache instead, 40 ms later on this machine.
 *
 * Only what is inside a token is changed, by the token's own rules: a string literal is written
 * again from its value, a template's text from its cooked value, a regular expression's pattern
 * with `\uXXXX` for each code unit (the same characters in every mode: in `u` and `v` mode a pair
 * of surrogate escapes is one code point), a name with `\u{…}`, a comment with the escape's text.
 * A tagged template keeps its text (its tag may read the raw string), so does a template whose
 * text is not a valid string. Whitespace and line breaks above Latin-1 between tokens become a
 * space and a line feed. The result is parsed again; a file that does not parse, before or after,
 * is returned as it was.
 */

/** A UTF-16 code unit above Latin-1 (a surrogate, too). */
const ABOVE_LATIN1 = /[\u0100-\uffff]/;
const ABOVE_LATIN1_ALL = /[\u0100-\uffff]/g;

const unitEscape = (unit) => `\\u${unit.toString(16).padStart(4, '0')}`;

/** A string literal with the value `value`, in quotes `quote`, every unit above Latin-1 escaped. */
export function stringLiteral(value, quote) {
  let text = quote;
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    const character = value[index];
    if (unit > 0xff) text += unitEscape(unit);
    else if (character === '\\' || character === quote) text += `\\${character}`;
    else if (character === '\n') text += '\\n';
    else if (character === '\r') text += '\\r';
    else text += character;
  }
  return text + quote;
}

/** A template's text (between its delimiters) whose cooked value is `cooked`. */
export function templateText(cooked) {
  let text = '';
  for (let index = 0; index < cooked.length; index += 1) {
    const unit = cooked.charCodeAt(index);
    const character = cooked[index];
    if (unit > 0xff) text += unitEscape(unit);
    else if (character === '\\' || character === '`' || character === '$') text += `\\${character}`;
    else if (character === '\r') text += '\\r';
    else text += character;
  }
  return text;
}

/** A regular expression's pattern with each unit above Latin-1 escaped; an identity escape (`\…`) becomes the unit's escape. */
export function regexPattern(pattern) {
  let text = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const unit = pattern.charCodeAt(index);
    if (pattern[index] === '\\' && index + 1 < pattern.length) {
      const next = pattern.charCodeAt(index + 1);
      text += next > 0xff ? unitEscape(next) : pattern.slice(index, index + 2);
      index += 1;
    } else {
      text += unit > 0xff ? unitEscape(unit) : pattern[index];
    }
  }
  return text;
}

/** A name with each code point above Latin-1 as `\u{…}` (names take no surrogate pairs). */
function nameText(name) {
  let text = '';
  for (const character of name) {
    const point = character.codePointAt(0);
    text += point > 0xff ? `\\u{${point.toString(16)}}` : character;
  }
  return text;
}

function parsed(source, sourceType, onComment) {
  return parse(source, { ecmaVersion: 'latest', sourceType, allowHashBang: true, onComment });
}

/** The program and its comments, as a script or else as a module; null when it is neither. */
function parseEither(source) {
  for (const sourceType of ['script', 'module']) {
    // Acorn pushes each comment ({ start, end, … }) onto the array it is given.
    const comments = [];
    try {
      const program = parsed(source, sourceType, comments);
      return { program, comments, sourceType };
    } catch {
      // Try the other kind.
    }
  }
  return null;
}

/** Every node of the tree under `node`, with its parent, depth first, without recursion (a chunk nests deeply). */
function* nodesOf(root) {
  const stack = [{ node: root, parent: null }];
  while (stack.length > 0) {
    const { node, parent } = stack.pop();
    yield { node, parent };
    for (const key of Object.keys(node)) {
      if (key === 'type' || key === 'start' || key === 'end' || key === 'loc' || key === 'range') continue;
      const value = node[key];
      const children = Array.isArray(value) ? value : [value];
      for (const child of children) if (child !== null && typeof child === 'object' && typeof child.type === 'string') stack.push({ node: child, parent: node });
    }
  }
}

/**
 * `source` with every character above Latin-1 escaped, how many units were escaped, and how many
 * were left (in tagged templates, or the whole file when it does not parse: `reason` says why).
 */
export function latin1JavaScript(source) {
  const before = (source.match(ABOVE_LATIN1_ALL) ?? []).length;
  if (before === 0) return { text: source, escaped: 0, left: 0 };
  const tree = parseEither(source);
  if (tree === null) return { text: source, escaped: 0, left: before, reason: 'it does not parse as a script or a module' };

  const edits = new Map();
  /** Spans that hold characters above Latin-1 and keep them on purpose (a tagged template's text). */
  const kept = [];
  const spanHasWide = (start, end) => ABOVE_LATIN1.test(source.slice(start, end));
  for (const { node, parent } of nodesOf(tree.program)) {
    const { start, end } = node;
    if (node.type === 'Literal') {
      if (typeof node.value === 'string' && spanHasWide(start, end)) edits.set(start, { start, end, text: stringLiteral(node.value, source[start]) });
      else if (node.regex !== undefined && spanHasWide(start, end)) edits.set(start, { start, end, text: `/${regexPattern(node.regex.pattern)}/${node.regex.flags}` });
    } else if (node.type === 'TemplateLiteral') {
      const tagged = parent?.type === 'TaggedTemplateExpression' && parent.quasi === node;
      for (const quasi of node.quasis) {
        if (!spanHasWide(quasi.start, quasi.end)) continue;
        if (tagged || typeof quasi.value.cooked !== 'string') kept.push({ start: quasi.start, end: quasi.end });
        else edits.set(quasi.start, { start: quasi.start, end: quasi.end, text: templateText(quasi.value.cooked) });
      }
    } else if ((node.type === 'Identifier' || node.type === 'PrivateIdentifier') && spanHasWide(start, end)) {
      edits.set(start, { start, end, text: `${node.type === 'PrivateIdentifier' ? '#' : ''}${nameText(node.name)}` });
    }
  }
  for (const { start, end } of tree.comments) {
    if (spanHasWide(start, end)) edits.set(start, { start, end, text: source.slice(start, end).replace(ABOVE_LATIN1_ALL, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`) });
  }

  // What is left outside every token: whitespace and line breaks (anything else would not have parsed).
  const covered = [...edits.values(), ...kept].sort((a, b) => a.start - b.start);
  let next = 0;
  for (const match of source.matchAll(ABOVE_LATIN1_ALL)) {
    const position = match.index;
    while (next < covered.length && covered[next].end <= position) next += 1;
    if (next < covered.length && covered[next].start <= position) continue;
    const unit = match[0];
    if (unit === '\u2028' || unit === '\u2029') edits.set(position, { start: position, end: position + 1, text: '\n' });
    else if (/\s/.test(unit)) edits.set(position, { start: position, end: position + 1, text: ' ' });
  }

  let text = '';
  let from = 0;
  for (const edit of [...edits.values()].sort((a, b) => a.start - b.start)) {
    if (edit.start < from) return { text: source, escaped: 0, left: before, reason: `two rewrites overlap at ${edit.start}` };
    text += source.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  text += source.slice(from);

  const left = (text.match(ABOVE_LATIN1_ALL) ?? []).length;
  try {
    parsed(text, tree.sourceType, undefined);
  } catch (error) {
    return { text: source, escaped: 0, left: before, reason: `the rewritten text does not parse: ${error.message}` };
  }
  return { text, escaped: before - left, left };
}
