import { TakeawayScreen } from '../../../features/takeaway/components/takeaway-screen.tsx';

/** /takeaway-delivery: takeaway and delivery orders (issue 27). */
export function Component() {
  return <TakeawayScreen />;
}
