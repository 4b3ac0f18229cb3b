import { describe, expect, it } from 'vitest';
import { claimsForApi, dispatchApi, type ApiRoutes } from '@/lib/http/api-front-door';

const answer = async () => new Response('ok');
const routes: ApiRoutes = {
  '/api/model': { POST: answer },
  '/api/model/session': { GET: answer, POST: answer },
  '/api/health': { GET: answer },
};

describe('which requests the front door claims', () => {
  it.each([
    '/api/model',
    '/api/model?model=demo',
    '/api',
    '/api/',
    '/api/no-such-route',
    '/API/model',
    '/Api/Model',
    '/%61pi/model',
    '/%41%50%49/model',
    '/api%2Fmodel',
    '/x/../api/model',
    '/%2e%2e/api/model',
    '/./api/model',
    '//api//model',
    '\\api\\model',
    '/api/model#fragment',
    'http://127.0.0.1:3000/api/model',
    '/x/..%2fapi/model',
    '/x/%2e%2e%2Fapi/model',
  ])('%s is the API, however spelled', (target) => {
    expect(claimsForApi(target)).toBe(true);
  });

  it.each(['/', '/index.html', '/_next/static/chunks/app.js', '/apiary', '/examples/api.md', '/%zz', '/a%2Fpi/model', 'http://%'])('%s is not', (target) => {
    expect(claimsForApi(target)).toBe(false);
  });

  it('reads a long hostile target in linear time', () => {
    const started = performance.now();
    expect(claimsForApi(`/api${'/'.repeat(1_000_000)}model`)).toBe(true);
    expect(claimsForApi(`/${'%61'.repeat(300_000)}`)).toBe(false);
    expect(claimsForApi(`/${'%'.repeat(1_000_000)}`)).toBe(false);
    // A guard against a hang, not a timing test: each is a few ms.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('which handler answers a claimed request', () => {
  it('matches the exact path and method, as Next routes them', () => {
    expect(dispatchApi(routes, 'POST', '/api/model?x=1')).toMatchObject({ kind: 'handler', headOnly: false });
    expect(dispatchApi(routes, 'GET', '/api/model/session')).toMatchObject({ kind: 'handler', headOnly: false });
    expect(dispatchApi(routes, 'POST', 'http://127.0.0.1:3000/api/model')).toMatchObject({ kind: 'handler', headOnly: false });
  });

  it('answers HEAD with the GET handler, head only', () => {
    expect(dispatchApi(routes, 'HEAD', '/api/health')).toMatchObject({ kind: 'handler', headOnly: true });
    expect(dispatchApi(routes, 'HEAD', '/api/model')).toEqual({ kind: 'method-not-allowed', allow: 'POST, OPTIONS' });
  });

  it('lists the allowed methods for OPTIONS and for a method the route lacks', () => {
    expect(dispatchApi(routes, 'OPTIONS', '/api/model/session')).toEqual({ kind: 'options', allow: 'GET, POST, HEAD, OPTIONS' });
    expect(dispatchApi(routes, 'PUT', '/api/model')).toEqual({ kind: 'method-not-allowed', allow: 'POST, OPTIONS' });
    expect(dispatchApi(routes, 'DELETE', '/api/health')).toEqual({ kind: 'method-not-allowed', allow: 'GET, HEAD, OPTIONS' });
  });

  it("finds no handler in the objects' own machinery", () => {
    expect(dispatchApi(routes, 'constructor', '/api/model').kind).toBe('method-not-allowed');
    expect(dispatchApi(routes, 'toString', '/api/model').kind).toBe('method-not-allowed');
    expect(dispatchApi(routes, 'GET', '/api/__proto__').kind).toBe('not-found');
    expect(dispatchApi(routes, 'GET', '/api/constructor').kind).toBe('not-found');
  });

  it('answers any other spelling of a route as not found, never by another handler', () => {
    for (const target of ['/API/model', '/%61pi/model', '/api/model/', '//api/model', '/api/Model']) {
      expect(dispatchApi(routes, 'POST', target)).toMatchObject({ kind: 'not-found' });
    }
  });
});
