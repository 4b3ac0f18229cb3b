import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@/app/api/api-routes';

/** Every `route.ts` under app/api, by its URL path (the folders, as Next routes them). */
function routeFiles(folder: string, urlPath: string): Array<{ urlPath: string; file: string }> {
  const found: Array<{ urlPath: string; file: string }> = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...routeFiles(path.join(folder, entry.name), `${urlPath}/${entry.name}`));
    else if (entry.name === 'route.ts') found.push({ urlPath, file: path.join(folder, entry.name) });
  }
  return found;
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

describe('the production server answers every API route', () => {
  const files = routeFiles(path.join(process.cwd(), 'app/api'), '/api');

  it('lists exactly the route folders', () => {
    expect(Object.keys(API_ROUTES).sort()).toEqual(files.map(({ urlPath }) => urlPath).sort());
  });

  it.each(files)('$urlPath: with every method its route.ts exports, and the same functions', async ({ urlPath, file }) => {
    const exported = (await import(file)) as Record<string, unknown>;
    const methods = HTTP_METHODS.filter((method) => typeof exported[method] === 'function');
    const route = API_ROUTES[urlPath]!;
    expect(Object.keys(route).sort()).toEqual(methods.sort());
    for (const method of methods) expect(route[method as keyof typeof route]).toBe(exported[method]);
  });
});
