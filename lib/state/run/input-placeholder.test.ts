import { describe, expect, it } from 'vitest';
import { deriveFormFields } from '@/lib/state/forms/schema-form-fields';
import { chooseInputPlaceholder } from './input-placeholder';

describe("the input placeholder, from the worker's own words", () => {
  it("prefers the manifest's input for the entry worker", () => {
    expect(chooseInputPlaceholder({ name: 'main', description: 'Summarises.', entryInput: 'Summarise notes.md' })).toBe('e.g. Summarise notes.md');
  });

  it("takes its input schema's first property: its example, else its description", () => {
    const schema = {
      type: 'object',
      properties: { deck: { type: 'string', description: 'The deck to read.', examples: ['input/orbit-snacks.pdf'] }, depth: { type: 'integer', examples: [3] } },
    };
    expect(chooseInputPlaceholder({ name: 'reader', description: 'Reads a deck.', inputSchema: schema })).toBe('e.g. input/orbit-snacks.pdf');
    const described = { type: 'object', properties: { deck: { type: 'string', description: 'The deck to read.' } } };
    expect(chooseInputPlaceholder({ name: 'reader', description: 'Reads a deck.', inputSchema: described })).toBe('The input for reader: The deck to read.');
    // OpenAPI's singular "example" counts too, and a schema that is not an object speaks for the whole input.
    expect(chooseInputPlaceholder({ name: 'echo', inputSchema: { type: 'string', example: 'Hello' } })).toBe('e.g. Hello');
  });

  it("else says what the worker's description says it does, on one line and cut to a sentence when long", () => {
    expect(chooseInputPlaceholder({ name: 'greeter', description: 'Greets the person\n named in the input.' })).toBe('The input for greeter: Greets the person named in the input.');
    const long = `Evaluates every pitch deck in input/. ${'It reads each deck and scores it on team, market and traction. '.repeat(4)}`;
    expect(chooseInputPlaceholder({ name: 'main', description: long })).toBe('The input for main: Evaluates every pitch deck in input/.');
  });

  it('names the worker and suggests nothing it does not do when it says nothing', () => {
    expect(chooseInputPlaceholder({ name: 'main' })).toBe('The input for main');
    expect(chooseInputPlaceholder({ name: 'main', description: '  ', inputSchema: { type: 'object', properties: {} }, entryInput: ' ' })).toBe('The input for main');
  });

  it("gives each schema field its own example as the control's placeholder, and none it does not have", () => {
    const fields = deriveFormFields({ type: 'object', properties: { deck: { type: 'string', examples: ['input/a.pdf'] }, notes: { type: 'string' } } });
    expect(fields.map((field) => field.example)).toEqual(['input/a.pdf', undefined]);
  });
});
