import type { CopilotView } from '@sobremesa/domain';

export interface MenuToolsProps {
  readonly view: CopilotView;
  readonly roleId: number | null;
}

/** Product availability, top choice and day-menu editing (issue 6). */
export function MenuTools(props: MenuToolsProps) {
  void props;
  return null;
}
