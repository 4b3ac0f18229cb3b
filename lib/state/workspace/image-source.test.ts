import { describe, expect, it } from 'vitest';
import { decodeBase64 } from '@/lib/encoding/base64';
import { imageSource } from './image-source';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';

describe('imageSource', () => {
  it('gives SVG a data: URL (an opaque origin if opened as a document), never a blob: URL', () => {
    const source = imageSource(new TextEncoder().encode(SVG), 'image/svg+xml');
    expect(source.kind).toBe('data-url');
    if (source.kind !== 'data-url') return;
    expect(source.url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const bytes = decodeBase64(source.url.slice('data:image/svg+xml;base64,'.length));
    expect(new TextDecoder().decode(bytes!)).toBe(SVG);
  });

  it('keeps the type of raster images and strips any other type', () => {
    expect(imageSource(new Uint8Array([1]), 'image/png')).toEqual({ kind: 'blob', mimeType: 'image/png' });
    expect(imageSource(new Uint8Array([1]), 'IMAGE/JPEG')).toEqual({ kind: 'blob', mimeType: 'image/jpeg' });
    for (const type of ['text/html', 'application/xhtml+xml', 'text/xml', 'application/octet-stream', '']) {
      expect(imageSource(new Uint8Array([1]), type)).toEqual({ kind: 'blob', mimeType: 'application/octet-stream' });
    }
  });
});
