import { describe, expect, it } from 'vitest';
import { pageAround } from './server-render.ts';

const PAGE = [
  '<!doctype html>',
  '<html lang="eu">',
  '  <head><link rel="preload" as="style" crossorigin href="/assets/menu-route-a1.css"></head>',
  '  <body>',
  '    <div id="root"></div>',
  '    <script type="application/json" id="sobremesa-route-chunks">{}</script>',
  '  </body>',
  '</html>',
].join('\n');

describe('a drawn page around React markup (decision 030)', () => {
  const { before, after } = pageAround(PAGE, {
    stateBlock: '<script type="application/json" id="sobremesa-server-state">{}</script>',
    htmlAttributes: ' data-server-rendered=""',
  });

  it('puts the markup inside #root, keeping the rest of the page whole', () => {
    expect(`${before}<p>Kroketak</p>${after}`).toContain('<div id="root"><p>Kroketak</p></div>');
    expect(before + after).toContain('id="sobremesa-route-chunks"');
  });

  it('marks the page as drawn and keeps its language', () => {
    expect(before).toContain('<html lang="eu" data-server-rendered="">');
  });

  it("applies the route's styles at once, since the markup shows before the code", () => {
    expect(before).toContain('<link rel="stylesheet" crossorigin href="/assets/menu-route-a1.css">');
    expect(before).not.toContain('rel="preload" as="style"');
  });

  it('ends the body with the data the browser hydrates from', () => {
    expect(after).toMatch(/id="sobremesa-server-state">\{\}<\/script>\n\s*<\/body>/);
  });
});
