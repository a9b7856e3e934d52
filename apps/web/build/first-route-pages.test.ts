import { describe, expect, it } from 'vitest';
import { withPreloads } from './first-route-pages.ts';

const INDEX =
  '<!doctype html>\n<html lang="es">\n  <head>\n    <title>Sobremesa</title>\n  </head>\n  <body></body>\n</html>\n';

describe('a first route’s page', () => {
  it('asks for its scripts as modules and its styles without applying them, in CORS mode, in the head', () => {
    const html = withPreloads(INDEX, ['/assets/menu-route-a1.js', '/assets/menu-route-b2.css']);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/menu-route-a1.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/menu-route-b2.css">');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('menu-route-a1.js'));
  });

  it('names a file shared by two of the route’s modules once', () => {
    const html = withPreloads(INDEX, [
      '/assets/format-c3.js',
      '/assets/menu-route-a1.js',
      '/assets/format-c3.js',
    ]);
    expect(html.match(/format-c3\.js/g)).toHaveLength(1);
  });

  it('is index.html itself for a route with nothing of its own to load', () => {
    expect(withPreloads(INDEX, [])).toBe(INDEX);
  });
});
