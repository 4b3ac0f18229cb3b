import { LineCounter, parseDocument } from 'yaml';
import { createSourceMap, type SourceMap, type SourceRange } from '@/lib/worker/yaml-source-map';
import { errorMessage } from '@/lib/errors/error-message';
import { checkJsonBounds } from '@/lib/security/bounded-json';
import { PROJECT_FILE_JSON_LIMITS } from '@/lib/security/json-limits';

/**
 * JSON with positions. JSON.parse decides what is valid (it is strict where
 * YAML is lenient); the yaml parser, for which JSON is a subset, supplies the
 * line and column of every key and value.
 */

export type JsonParseResult =
  | { ok: true; value: unknown; sourceMap: SourceMap; duplicateKeys: SourceRange[] }
  | { ok: false; message: string; range: SourceRange };

function positionOfOffset(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text[index] === '\n') {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: Math.min(offset, text.length) - lineStart + 1 };
}

export function parseJsonWithPositions(text: string): JsonParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
    // A project's file may come from a link or a zip: bounded before the yaml parser or a checker walks it.
    const bounds = checkJsonBounds(value, PROJECT_FILE_JSON_LIMITS, 'this JSON');
    if (!bounds.ok) {
      const start = positionOfOffset(text, 0);
      return { ok: false, message: bounds.message, range: { ...start, endLine: start.line, endColumn: start.column + 1 } };
    }
  } catch (error) {
    const raw = errorMessage(error);
    const lineColumn = /\(line (\d+) column (\d+)\)/.exec(raw);
    const offsetMatch = /at position (\d+)/.exec(raw);
    let position: { line: number; column: number };
    if (lineColumn) position = { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
    else if (offsetMatch) position = positionOfOffset(text, Number(offsetMatch[1]));
    else position = positionOfOffset(text, text.trimEnd().length); // "Unexpected end": point after the last character
    const message = raw.replace(/\s*in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)/, '');
    return {
      ok: false,
      message: `JSON: ${message}`,
      range: { ...position, endLine: position.line, endColumn: position.column + 1 },
    };
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const sourceMap = createSourceMap(document, lineCounter, { lineOffset: 0, textLength: text.length });
  // JSON.parse silently keeps the last of two equal keys; say so.
  const duplicateKeys = document.errors
    .filter((error) => error.code === 'DUPLICATE_KEY')
    .map((error) => sourceMap.rangeOfOffsets(error.pos[0], error.pos[1]));
  return { ok: true, value, sourceMap, duplicateKeys };
}
