import type { CopilotView } from '@sobremesa/domain';

/** Stroke drawings of each copilot view, so a role is recognised at a glance across the pass. */
const PATHS: Record<CopilotView, readonly string[]> = {
  // A plate between fork and knife.
  Sala: [
    'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z',
    'M3 4v5a1.5 1.5 0 0 0 3 0V4M4.5 9v11',
    'M20 4c-1.7 0-2.5 2-2.5 5h2.5v11',
  ],
  // One person.
  '1 en Sala': ['M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M4.5 21a7.5 7.5 0 0 1 15 0'],
  // A chef's hat.
  Cocina: [
    'M7 17v3h10v-3',
    'M7 17a4 4 0 0 1-1.6-7.7A4.5 4.5 0 0 1 12 5a4.5 4.5 0 0 1 6.6 4.3A4 4 0 0 1 17 17Z',
  ],
  // A wine glass.
  Barra: ['M7 3h10l-.6 5.2a4.4 4.4 0 0 1-8.8 0Z', 'M12 13v7M8 20h8'],
  // A card terminal.
  TPV: ['M6 3h12v18H6Z', 'M9 7h6v3H9Z', 'M9 14h.01M12 14h.01M15 14h.01M9 17h.01M12 17h.01M15 17h.01'],
  // A service bell.
  Pasante: ['M3 18h18', 'M5 18a7 7 0 0 1 14 0', 'M12 9V7M10 7h4'],
};

export function ViewIcon({ view, size = 28 }: { readonly view: CopilotView; readonly size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[view].map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}
