import { describe, expect, it } from 'vitest';
import { frontmatterKeys, isFrontmatterLine } from './frontmatter-keys';

describe('frontmatter keys', () => {
  it('come from the worker JSON schema with descriptions', () => {
    const name = frontmatterKeys().find((key) => key.name === 'name');
    expect(name?.description).toContain('Unique worker name');
  });

  it('locates the frontmatter between the fences', () => {
    const lines = ['---', 'name: a', '---', 'body'];
    expect(isFrontmatterLine(lines, 1)).toBe(false);
    expect(isFrontmatterLine(lines, 2)).toBe(true);
    expect(isFrontmatterLine(lines, 4)).toBe(false);
    expect(isFrontmatterLine(['no fence', 'name: a'], 2)).toBe(false);
  });
});
