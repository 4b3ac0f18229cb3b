import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@/lib/runtime/canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every level but keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });

  it('drops undefined properties like JSON does', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
  });

  it('keeps a "__proto__" key a model wrote (JSON.parse makes it an own property): other arguments are not the same arguments', () => {
    const withProto = JSON.parse('{"toolsets":{"filesystem":{},"__proto__":{"dynamic_workers":{}}}}') as unknown;
    const without = JSON.parse('{"toolsets":{"filesystem":{}}}') as unknown;
    expect(canonicalJson(withProto)).not.toBe(canonicalJson(without));
    expect(canonicalJson(withProto)).toBe('{"toolsets":{"__proto__":{"dynamic_workers":{}},"filesystem":{}}}');
  });
});
